#!/usr/bin/env python3
"""Measures the box reader as shipped: models/cells.onnx run by OpenCV's dnn
(as the scanner runs it) on boxes written by make_boxes.py, with the
calibration temperatures of models/cells.json; prints the share of boxes read
right by state, by number length and by handwriting source, the reliability
table (stated probability against share right, per band) and the calibration
error, and what review at each threshold flags and lets through.

  /usr/bin/python3 tools/cells/measure_cells.py --model models/cells.onnx --data /tmp/cells/heldout

The decoding mirrors src/readings/ctc.cpp and box_reader.cpp.
"""

import argparse
import glob
import json
import math
import os
import time

import cv2
import numpy as np

STATES = ["empty", "number", "crossed", "ticks", "ticks_points"]


def label_of(d, i):
    dig = "".join(str(v) for v in d["digits"][i] if v >= 0)
    st = STATES[d["state"][i]]
    return st, dig, int(d["ticks"][i]) if st in ("ticks", "ticks_points") else 0


# --- decoding (mirrors src/readings/ctc.cpp and box_reader.cpp) ------------------

def _logsumexp(a, b):
    if a == -math.inf:
        return b
    if b == -math.inf:
        return a
    m = max(a, b)
    return m + math.log(math.exp(a - m) + math.exp(b - m))


def beam_search(logp, beam=8, max_digits=4):
    """Prefix beam search over T x 11 log-probabilities: [(digits, log p)], best first."""
    beams = {"": (0.0, -math.inf)}  # prefix -> (log p ending in blank, log p ending in a digit)
    for t in range(logp.shape[0]):
        row = logp[t]
        nxt = {}

        def add(prefix, pb, pnb):
            ob, onb = nxt.get(prefix, (-math.inf, -math.inf))
            nxt[prefix] = (_logsumexp(ob, pb), _logsumexp(onb, pnb))

        for prefix, (pb, pnb) in beams.items():
            total = _logsumexp(pb, pnb)
            add(prefix, total + row[0], -math.inf)
            last = prefix[-1] if prefix else None
            for c in range(1, 11):
                if row[c] < -12:
                    continue
                ch = str(c - 1)
                if ch == last:
                    add(prefix, -math.inf, pnb + row[c])  # repeat collapses
                    if len(prefix) < max_digits:
                        add(prefix + ch, -math.inf, pb + row[c])
                elif len(prefix) < max_digits:
                    add(prefix + ch, -math.inf, total + row[c])
        beams = dict(sorted(nxt.items(), key=lambda kv: -_logsumexp(*kv[1]))[:beam])
    out = [(p, _logsumexp(*v)) for p, v in beams.items()]
    return sorted(out, key=lambda kv: -kv[1])


def readings(ctc_logp, p_state, p_ticks):
    """The box's readings with their probabilities, best first: (state, digits, ticks, p)."""
    cands = [("empty", "", 0, p_state[0]), ("crossed", "", 0, p_state[2])]
    for k in range(1, 7):
        cands.append(("ticks", "", k, p_state[3] * p_ticks[k]))
    k_best = int(np.argmax(p_ticks[1:])) + 1
    for digits, lp in beam_search(ctc_logp):
        if not digits:
            continue
        p = math.exp(lp)
        cands.append(("number", digits, 0, p_state[1] * p))
        cands.append(("ticks_points", digits, k_best, p_state[4] * p_ticks[k_best] * p))
    return sorted(cands, key=lambda c: -c[3])


def measure(ctc, p_state, p_ticks, d, bands=10):
    """Every box of `d` read from its outputs (log-probabilities N x T x 11,
    state and tick probabilities): shares right by state, by number length and
    by source; the reliability table of the top reading's probability; what
    review at a threshold would flag, and the wrong readings it would not."""
    n = len(d["state"])
    right = np.zeros(n, bool)
    conf = np.zeros(n)
    for i in range(n):
        top = readings(ctc[i], p_state[i], p_ticks[i])[0]
        want = label_of(d, i)
        right[i] = (top[0], top[1], top[2]) == want
        conf[i] = top[3]
    res = {"boxes": n, "right": float(right.mean())}
    res["by_state"] = {s: [int(right[d["state"] == k].sum()), int((d["state"] == k).sum())]
                       for k, s in enumerate(STATES)}
    length = (d["digits"] >= 0).sum(1)
    numbers = d["state"] == 1
    res["numbers_by_length"] = {int(L): [int(right[numbers & (length == L)].sum()), int((numbers & (length == L)).sum())]
                                for L in range(1, 5)}
    res["by_source"] = {str(s): [int(right[d["source"] == s].sum()), int((d["source"] == s).sum())]
                        for s in sorted(set(d["source"].tolist()))}
    table, ece = [], 0.0
    edges = np.linspace(0, 1, bands + 1)
    for b in range(bands):
        m = (conf >= edges[b]) & ((conf < edges[b + 1]) if b < bands - 1 else (conf <= 1))
        if m.sum() == 0:
            continue
        stated, actual = float(conf[m].mean()), float(right[m].mean())
        table.append({"band": [float(edges[b]), float(edges[b + 1])], "boxes": int(m.sum()),
                      "stated": stated, "right": actual})
        ece += m.sum() / n * abs(stated - actual)
    res["reliability"] = table
    res["calibration_error"] = float(ece)
    for thr in (0.5, 0.8, 0.9, 0.95, 0.98, 0.99):
        flagged = conf < thr
        res[f"review_below_{thr}"] = {"flagged": float(flagged.mean()),
                                      "silent_wrong": float((~right & ~flagged).mean())}
    return res


def print_measure(name, r):
    print(f"{name}: {r['boxes']} boxes, {100 * r['right']:.2f}% read right")
    for k, (ok, tot) in r["by_state"].items():
        if tot:
            print(f"  {k:13s} {ok}/{tot} = {100 * ok / tot:.2f}%")
    for k, (ok, tot) in r["numbers_by_length"].items():
        if tot:
            print(f"  numbers of {k} digit(s): {ok}/{tot} = {100 * ok / tot:.2f}%")
    for k, (ok, tot) in r["by_source"].items():
        print(f"  source {k:8s} {ok}/{tot} = {100 * ok / tot:.2f}%")
    print("  reliability: stated probability -> share right (boxes)")
    for row in r["reliability"]:
        print(f"    {row['band'][0]:.1f}-{row['band'][1]:.1f}: {row['stated']:.3f} -> {row['right']:.3f} ({row['boxes']})")
    print(f"  calibration error (ECE): {r['calibration_error']:.4f}")
    for k, v in r.items():
        if k.startswith("review_below_"):
            print(f"  {k}: flagged {100 * v['flagged']:.2f}%, wrong and not flagged {100 * v['silent_wrong']:.3f}%")


def _softmax(z, axis):
    z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


def run_onnx(model, card, d, batch=64):
    """The model's outputs for every box of `d`, calibrated as the C++ reader does."""
    net = cv2.dnn.readNetFromONNX(model)
    cal = card.get("calibration", {})
    t_ctc, t_state, t_ticks = (cal.get(k, 1.0) for k in ("ctc_temperature", "state_temperature", "ticks_temperature"))
    ctc, st, tk = [], [], []
    start = time.time()
    for b in range(0, len(d["state"]), batch):
        x = d["x"][b:b + batch].astype(np.float32)[:, None] / 255.0
        net.setInput(x)
        o = net.forward(["ctc", "state", "ticks"])
        z = o[0][:, :, 0, :].transpose(0, 2, 1) / t_ctc
        z = z - z.max(axis=2, keepdims=True)
        ctc.append(z - np.log(np.exp(z).sum(axis=2, keepdims=True)))
        st.append(_softmax(o[1].reshape(len(x), -1) / t_state, 1))
        tk.append(_softmax(o[2].reshape(len(x), -1) / t_ticks, 1))
    ms = (time.time() - start) * 1000 / len(d["state"])
    return np.concatenate(ctc), np.concatenate(st), np.concatenate(tk), ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="models/cells.onnx")
    ap.add_argument("--data", required=True, help="a folder of make_boxes.py shards")
    ap.add_argument("--limit", type=int, default=0, help="shards read (0: all)")
    ap.add_argument("--json", help="write the figures here too")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    with open(os.path.splitext(a.model)[0] + ".json") as f:
        card = json.load(f)
    files = sorted(glob.glob(os.path.join(a.data, "*.npz")))
    files = [f for f in files if not f.endswith(".tmp.npz")][:a.limit or None]
    parts = [np.load(f) for f in files]
    d = {k: np.concatenate([p[k] for p in parts]) for k in ("x", "state", "ticks", "digits", "seeds", "source")}
    ctc, st, tk, ms = run_onnx(a.model, card, d)
    r = measure(ctc, st, tk, d)
    r["seeds"] = [int(d["seeds"].min()), int(d["seeds"].max())]
    r["ms_per_box_one_thread"] = ms
    print(f"{a.model} on {a.data} (seeds {r['seeds'][0]}-{r['seeds'][1]}), OpenCV dnn, one thread: {ms:.3f} ms per box")
    print_measure("boxes", r)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f, indent=1)


if __name__ == "__main__":
    main()
