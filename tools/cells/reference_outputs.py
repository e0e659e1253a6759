#!/usr/bin/python3
"""PyTorch's raw outputs of the box reader for a few fixed inputs, for
tests/unit/readings/box_reader_test.cpp's "the ONNX model agrees with PyTorch"
check (OpenCV dnn must give the same logits to 1e-4).

    /usr/bin/python3 tools/cells/reference_outputs.py \
        --checkpoint CKPT.pt --onnx models/cells.onnx --out tests/data/cells_reference.json

CKPT is a torch file {"model": state_dict, "width": float, "arch": str} of
tools/cells/cell_net.py's CellNet(width, arch). --onnx names the exported
model the reference is for: its sha256 goes into the file, and it is run here
through cv2.dnn as a first check (the printed difference should be ~1e-6).

--random-init WIDTH SEED makes and saves a randomly initialised CellNet of
--arch (batch norm with the reference inputs' statistics and random affine
terms, so that folding them is exercised) as CKPT and exports it to ONNX
first: the pipeline's test before a model exists (tests/data/cells_tiny.*).

The inputs (4, deterministic): zeros; a "17" drawn with cv2.putText as ink;
uniform noise (numpy seed 62); and box_input() of a synthetic page's box.
Output JSON: {"onnx_sha256", "width", "input_shape", "inputs": [base64 of H*W float32
little-endian, row-major], "ctc": [[11*T floats, class-major]], "state":
[[5]], "ticks": [[7]]}.
"""

import argparse
import base64
import hashlib
import json
import os
import sys

import cv2
import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "testkit", "cells"))
import box_input  # noqa: E402
from cell_net import ARCHS, CellNet, export_onnx, from_checkpoint  # noqa: E402


def reference_inputs(shape):
    h, w = shape
    zeros = np.zeros((h, w), np.float32)

    drawn = np.full((h, w), 255, np.uint8)
    cv2.putText(drawn, "17", (20, 27), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 0, 2, cv2.LINE_AA)
    ink = (1.0 - drawn.astype(np.float32) / np.float32(255)).astype(np.float32)

    noise = np.random.default_rng(62).random((h, w), dtype=np.float32)

    page = np.full((120, 300), 225, np.uint8)
    cv2.line(page, (40, 0), (40, 119), 60, 2)
    cv2.line(page, (0, 30), (299, 30), 60, 2)
    cv2.line(page, (0, 80), (299, 80), 60, 2)
    cv2.putText(page, "305", (60, 72), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, 1.2, 30, 2, cv2.LINE_AA)
    boxed = box_input.box_input(page, (41.0, 31.0, 120.0, 49.0), h, w)
    return [zeros, ink, noise, boxed]


def random_checkpoint(width, arch, seed, path):
    """A random CellNet whose batch-norm statistics are those of the reference
    inputs (so every layer's activations are of order 1 and the logits depend
    on the input), with random affine terms: folding them at export is tested."""
    torch.manual_seed(seed)
    model = CellNet(width, arch)
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.momentum = None  # cumulative average: the statistics of the batch below
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.3, 0.3)
        model.train()
        model(torch.from_numpy(np.stack(reference_inputs(model.input_shape))[:, None]))
    torch.save({"model": model.state_dict(), "width": width, "arch": arch}, path)


def short_floats(a):
    """float32 values as the shortest decimals that read back as the same float32."""
    return [float(str(v)) for v in np.asarray(a, np.float32).ravel()]


def load(checkpoint):
    ckpt = torch.load(checkpoint, map_location="cpu")
    model = from_checkpoint(ckpt)
    model.eval()
    return model, ckpt["width"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--onnx", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--random-init", nargs=2, metavar=("WIDTH", "SEED"),
                    help="first write a random CellNet(WIDTH, --arch) as --checkpoint and export it as --onnx")
    ap.add_argument("--arch", choices=ARCHS, default="ctx", help="the random CellNet's body (with --random-init)")
    args = ap.parse_args()

    if args.random_init:
        random_checkpoint(float(args.random_init[0]), args.arch, int(args.random_init[1]), args.checkpoint)
        model, _ = load(args.checkpoint)
        export_onnx(model, args.onnx)

    model, width = load(args.checkpoint)
    inputs = reference_inputs(model.input_shape)
    batch = torch.from_numpy(np.stack(inputs)[:, None])
    with torch.no_grad():
        ctc, state, ticks = (t.numpy() for t in model(batch))

    net = cv2.dnn.readNetFromONNX(args.onnx)
    net.setInput(batch.numpy())
    outs = net.forward(["ctc", "state", "ticks"])
    diff = max(float(np.abs(o.reshape(r.shape) - r).max()) for o, r in zip(outs, (ctc, state, ticks)))
    print(f"cv2.dnn vs PyTorch, max |difference| of the logits: {diff:.3g}")

    with open(args.onnx, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    n = len(inputs)
    out = {
        "onnx_sha256": sha,
        "width": width,
        "input_shape": list(model.input_shape),
        "inputs": [base64.b64encode(x.astype("<f4").tobytes()).decode("ascii") for x in inputs],
        "ctc": [short_floats(ctc[i]) for i in range(n)],
        "state": [short_floats(state[i]) for i in range(n)],
        "ticks": [short_floats(ticks[i]) for i in range(n)],
    }
    with open(args.out, "w") as f:
        json.dump(out, f)
    print("wrote", args.out)


if __name__ == "__main__":
    main()
