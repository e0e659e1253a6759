// Reference C++ implementation of the digit classifier's input normalisation.
// It must stay bit-identical to normalize() in tools/digits/train_digits.py
// (check_digits.cpp verifies that the predictions match PyTorch's exactly).
//
// Input : 8-bit single-channel crop of ONE digit, ink bright, background exactly 0
//         (invert a dark-ink-on-paper crop and zero everything that is not ink).
// Output: 28x28 CV_32F in [0,1], brightest pixel 1.0, digit's longer side 20 px,
//         centre of mass at the canvas centre (MNIST convention).
// Use digitBlob() to turn one or more outputs into the network's NCHW input.
#pragma once

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace digits {

inline constexpr int kCanvas = 28;  // network input is kCanvas x kCanvas
inline constexpr int kBox = 20;     // longer side of the ink bounding box after scaling

inline cv::Mat normalizeDigit(const cv::Mat& u8) {
    CV_Assert(u8.type() == CV_8UC1);
    cv::Mat out = cv::Mat::zeros(kCanvas, kCanvas, CV_32F);
    double maxv = 0;
    cv::minMaxLoc(u8, nullptr, &maxv);
    const int m = static_cast<int>(maxv);
    if (m == 0) return out;

    // 1. bounding box of "ink" pixels: 5*v > max  (v above 20% of the maximum)
    cv::Mat mask(u8.size(), CV_8U);
    for (int y = 0; y < u8.rows; ++y) {
        const uchar* s = u8.ptr<uchar>(y);
        uchar* d = mask.ptr<uchar>(y);
        for (int x = 0; x < u8.cols; ++x) d[x] = (5 * int(s[x]) > m) ? 255 : 0;
    }
    const cv::Rect bb = cv::boundingRect(mask);

    // 2. crop, float32 (values stay 0..255), scale longer side to kBox
    cv::Mat crop;
    u8(bb).convertTo(crop, CV_32F);
    const int L = std::max(bb.width, bb.height);
    const int nw = std::max(1, static_cast<int>(std::floor(double(bb.width) * kBox / L + 0.5)));
    const int nh = std::max(1, static_cast<int>(std::floor(double(bb.height) * kBox / L + 0.5)));
    cv::Mat small;
    cv::resize(crop, small, cv::Size(nw, nh), 0, 0, L > kBox ? cv::INTER_AREA : cv::INTER_LINEAR);

    // 3. centre of mass -> canvas centre (integer offset, clamped inside the canvas)
    const cv::Moments mo = cv::moments(small, false);
    double cx = (nw - 1) / 2.0, cy = (nh - 1) / 2.0;
    if (mo.m00 > 0) {
        cx = mo.m10 / mo.m00;
        cy = mo.m01 / mo.m00;
    }
    const int ox = std::min(std::max(static_cast<int>(std::floor(kCanvas / 2.0 - cx)), 0), kCanvas - nw);
    const int oy = std::min(std::max(static_cast<int>(std::floor(kCanvas / 2.0 - cy)), 0), kCanvas - nh);
    small.copyTo(out(cv::Rect(ox, oy, nw, nh)));

    // 4. scale so that the brightest pixel is 1.0
    double omax = 0;
    cv::minMaxLoc(out, nullptr, &omax);
    if (omax > 0) {
        const float s = static_cast<float>(1.0 / omax);
        for (int y = 0; y < kCanvas; ++y) {
            float* p = out.ptr<float>(y);
            for (int x = 0; x < kCanvas; ++x) p[x] *= s;
        }
    }
    return out;
}

// N normalised 28x28 CV_32F images -> 4-D blob [N,1,28,28] for cv::dnn::Net::setInput.
inline cv::Mat digitBlob(const std::vector<cv::Mat>& normalized) {
    const int sz[4] = {static_cast<int>(normalized.size()), 1, kCanvas, kCanvas};
    cv::Mat blob(4, sz, CV_32F);
    for (size_t i = 0; i < normalized.size(); ++i) {
        CV_Assert(normalized[i].type() == CV_32F && normalized[i].rows == kCanvas &&
                  normalized[i].cols == kCanvas && normalized[i].isContinuous());
        std::copy_n(normalized[i].ptr<float>(), kCanvas * kCanvas,
                    blob.ptr<float>() + i * kCanvas * kCanvas);
    }
    return blob;
}

}  // namespace digits
