#!/usr/bin/env python3
"""Writes score boxes from testkit/cells/cell_synth.py to shards of .npz, one
box per seed: the model input (N x HEIGHT x WIDTH uint8, ink 255, testkit/cells/box_input.py), the state index,
the tick count, and the digits (N x 4, -1 after the last digit).

  /usr/bin/python3 tools/cells/make_boxes.py --split train --seeds 0-299999 --out /tmp/cells/train

The seed ranges of each split and the range reserved for acceptance are in
tools/cells/SEEDS.md; this program refuses the reserved range unless told
--acceptance.
"""

import argparse
import multiprocessing as mp
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testkit", "cells"))

import box_input  # noqa: E402
import cell_synth  # noqa: E402

ACCEPTANCE = (3_000_000_000, 3_999_999_999)  # reserved seeds: tools/cells/SEEDS.md
SHARD = 10000

_sources = None


def _init(split):
    global _sources
    _sources = cell_synth.Sources(split)


def _shard(args):
    out, lo, hi = args
    if os.path.exists(out):
        return out
    n = hi - lo
    x = np.zeros((n, box_input.HEIGHT, box_input.WIDTH), np.uint8)
    state = np.zeros(n, np.int8)
    ticks = np.zeros(n, np.int8)
    digits = np.full((n, 4), -1, np.int8)
    source = []
    for i in range(n):
        x[i], lab = cell_synth.make_box(lo + i, _sources)
        state[i] = cell_synth.STATES.index(lab["state"])
        ticks[i] = lab["ticks"]
        for k, ch in enumerate(lab["digits"]):
            digits[i, k] = int(ch)
        source.append(lab["source"])
    tmp = out + ".tmp.npz"
    np.savez(tmp, x=x, state=state, ticks=ticks, digits=digits, seeds=np.arange(lo, hi, dtype=np.int64),
             source=np.array(source))
    os.replace(tmp, out)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", choices=["train", "calib", "heldout"], required=True)
    ap.add_argument("--seeds", required=True, help="A-B, inclusive")
    ap.add_argument("--out", required=True)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--acceptance", action="store_true", help="allow the reserved acceptance seeds (and only them)")
    a = ap.parse_args()
    lo, hi = (int(v) for v in a.seeds.split("-"))
    reserved = ACCEPTANCE[0] <= lo <= ACCEPTANCE[1] or ACCEPTANCE[0] <= hi <= ACCEPTANCE[1]
    if reserved != a.acceptance:
        sys.exit("make_boxes: seeds %s: the acceptance range %d-%d is for --acceptance runs only, and they take "
                 "nothing else (tools/cells/SEEDS.md)" % (a.seeds, *ACCEPTANCE))
    if a.acceptance and a.split != "heldout":
        sys.exit("make_boxes: an acceptance run measures: --split heldout")
    os.makedirs(a.out, exist_ok=True)
    jobs = [(os.path.join(a.out, "%010d.npz" % s), s, min(s + SHARD, hi + 1)) for s in range(lo, hi + 1, SHARD)]
    with mp.Pool(a.procs, initializer=_init, initargs=(a.split,)) as pool:
        for done in pool.imap_unordered(_shard, jobs):
            print(done, flush=True)


if __name__ == "__main__":
    main()
