#!/usr/bin/env python3
"""Trains the box reader (tools/cells/cell_net.py) on boxes from
testkit/cells/cell_synth.py (written to shards by make_boxes.py), fits its
confidence temperatures on the calibration boxes, measures it on the held-out
boxes, and exports models/cells.onnx with its card models/cells.json.

  /usr/bin/python3 tools/cells/train_cells.py --data /tmp/cells --work /tmp/cells/run --steps 30000
  /usr/bin/python3 tools/cells/train_cells.py --data /tmp/cells --work /tmp/cells/run --finish --out models

Resumable: the run's state is saved to WORK/checkpoint.pt every
--checkpoint-every steps and on --time-budget; running the same command again
goes on from there. --finish calibrates, measures and exports the last state.
Training reads the shards of DATA/train present when each pass over the data
starts, so it may begin while make_boxes.py is still writing them.
"""

import argparse
import glob
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "testkit", "cells"))

import box_input  # noqa: E402
import cell_net  # noqa: E402
import measure_cells  # noqa: E402
from cell_net import STATES  # noqa: E402


# --- data -----------------------------------------------------------------------

def shard_files(folder):
    """The finished shards of `folder`, in seed order."""
    return sorted(f for f in glob.glob(os.path.join(folder, "*.npz")) if not f.endswith(".tmp.npz"))


def load_shards(folder, limit=None, newest=None):
    """The boxes of the shards of `folder`: the first `limit`, or the `newest`
    (the highest seeds), or all."""
    files = shard_files(folder)
    seen = len(files)
    if limit:
        files = files[:limit]
    if newest:
        files = files[-newest:]
    if not files:
        return None
    parts = [np.load(f) for f in files]
    out = {k: np.concatenate([p[k] for p in parts]) for k in ("x", "state", "ticks", "digits", "seeds", "source")}
    out["files"] = seen
    return out


def input_shape(folder):
    """(rows, columns) of the boxes in the shards of `folder`, waiting for the first shard."""
    while True:
        files = sorted(f for f in glob.glob(os.path.join(folder, "*.npz")) if not f.endswith(".tmp.npz"))
        if files:
            with np.load(files[0]) as shard:
                return tuple(int(v) for v in shard["x"].shape[1:])
        print("waiting for shards", flush=True)
        time.sleep(30)


def batch_tensors(d, idx):
    x = torch.from_numpy(d["x"][idx].astype(np.float32) / 255.0).unsqueeze(1)
    state = torch.from_numpy(d["state"][idx].astype(np.int64))
    ticks = torch.from_numpy(d["ticks"][idx].astype(np.int64))
    dig = d["digits"][idx]
    lengths = (dig >= 0).sum(1)
    targets = torch.from_numpy((dig[dig >= 0] + 1).astype(np.int64))
    return x, state, ticks, targets, torch.from_numpy(lengths.astype(np.int64))


def losses(model, x, state, ticks, targets, lengths, bf16=False):
    """The three heads' losses per box. With `bf16` the network runs in bfloat16
    where the CPU has it (autocast, channels-last as oneDNN's bfloat16 convolutions
    want; weights and losses stay float32)."""
    if bf16:
        x = x.contiguous(memory_format=torch.channels_last)
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
        ctc, st, tk = model(x)
    ctc, st, tk = ctc.float(), st.float(), tk.float()
    logp = F.log_softmax(ctc.squeeze(2), dim=1).permute(2, 0, 1)  # T, N, C
    T = logp.shape[0]
    in_len = torch.full((x.shape[0],), T, dtype=torch.int64)
    l_ctc = F.ctc_loss(logp, targets, in_len, lengths, blank=0, reduction="none", zero_infinity=True)
    l_state = F.cross_entropy(st.flatten(1), state, reduction="none")
    l_ticks = F.cross_entropy(tk.flatten(1), ticks, reduction="none")
    return l_ctc, l_state, l_ticks


# --- training --------------------------------------------------------------------

def train(a):
    torch.set_num_threads(a.threads)
    os.makedirs(a.work, exist_ok=True)
    ckpt_path = os.path.join(a.work, "checkpoint.pt")
    shape = input_shape(os.path.join(a.data, "train"))
    model = cell_net.CellNet(a.width, a.arch, shape, a.substeps)
    if a.bf16:  # channels-last, as losses() makes the boxes
        model = model.to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=a.steps, pct_start=0.1,
                                                div_factor=10, final_div_factor=100)
    step, log = 0, []
    rng = np.random.default_rng(a.seed)
    if os.path.exists(ckpt_path):
        ck = torch.load(ckpt_path)
        held = (ck["width"], ck.get("arch", "sep"), ck.get("substeps", 1))
        if held != (a.width, a.arch, a.substeps):
            sys.exit(f"{ckpt_path} holds a CellNet({held[0]}, {held[1]!r}, substeps={held[2]}): "
                     f"give --width {held[0]} --arch {held[1]} --substeps {held[2]} to go on with it")
        if tuple(ck.get("input", cell_net.FIRST_INPUT)) != shape:
            sys.exit(f"{ckpt_path} was trained on {ck.get('input', cell_net.FIRST_INPUT)} boxes, "
                     f"{a.data}/train holds {shape}")
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        sched.load_state_dict(ck["sched"])
        step, log = ck["step"], ck["log"]
        if ck.get("steps", a.steps) != a.steps and step < a.steps:
            # A run given more or fewer steps on the way (a time budget): the
            # learning-rate cycle is redrawn over the new total from here on.
            sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=a.steps, pct_start=0.1,
                                                        div_factor=10, final_div_factor=100, last_epoch=step - 1)
            print(f"the learning-rate cycle now ends at step {a.steps} (was {ck['steps']})", flush=True)
        rng = np.random.default_rng(a.seed + step)
        print(f"resumed at step {step}", flush=True)

    def save():
        tmp = ckpt_path + ".tmp"
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                    "step": step, "log": log, **model.spec(), "steps": a.steps}, tmp)
        os.replace(tmp, ckpt_path)

    start = time.time()
    data = None
    while step < a.steps:
        # The shards are read again only when make_boxes.py has written more
        # (reading 240k boxes takes minutes: not once a pass).
        count = len(shard_files(os.path.join(a.data, "train")))
        if data is None or data["files"] != count:
            data = load_shards(os.path.join(a.data, "train"), newest=a.window or None)
        if data is None:
            print("waiting for shards", flush=True)
            time.sleep(30)
            continue
        n = len(data["state"])
        order = rng.permutation(n)
        model.train()
        run = np.zeros(3)
        t0 = time.time()
        for b in range(0, n - a.batch + 1, a.batch):
            x, state, ticks, targets, lengths = batch_tensors(data, order[b:b + a.batch])
            l_ctc, l_state, l_ticks = losses(model, x, state, ticks, targets, lengths, a.bf16)
            loss = l_ctc.mean() + l_state.mean() + 0.5 * l_ticks.mean()
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            sched.step()
            step += 1
            run += [l_ctc.mean().item(), l_state.mean().item(), l_ticks.mean().item()]
            if step % a.log_every == 0:
                run /= a.log_every
                rate = a.log_every * a.batch / (time.time() - t0)
                print(f"step {step} ctc {run[0]:.4f} state {run[1]:.4f} ticks {run[2]:.4f} "
                      f"lr {sched.get_last_lr()[0]:.2e} {rate:.0f} boxes/s shards {data['files']}", flush=True)
                log.append({"step": step, "ctc": run[0], "state": run[1], "ticks": run[2], "boxes": n})
                run[:] = 0
                t0 = time.time()
            if step % a.checkpoint_every == 0:
                save()
            if a.time_budget and time.time() - start > a.time_budget * 60:
                save()
                print(f"time budget reached at step {step}: run the same command to go on", flush=True)
                return
            if step >= a.steps:
                break
            if (a.window and step % a.log_every == 0
                    and len(shard_files(os.path.join(a.data, "train"))) != data["files"]):
                break  # fresh boxes written: the window moves on to them (after this step's checkpoint)
    save()
    print(f"trained {step} steps", flush=True)


def infer(model, d, t=(1.0, 1.0, 1.0), batch=512):
    model.eval()
    outs = ([], [], [])
    with torch.no_grad():
        for b in range(0, len(d["state"]), batch):
            x = torch.from_numpy(d["x"][b:b + batch].astype(np.float32) / 255.0).unsqueeze(1)
            ctc, st, tk = model(x)
            outs[0].append(F.log_softmax(ctc.squeeze(2) / t[0], dim=1).permute(0, 2, 1).numpy())
            outs[1].append(F.softmax(st.flatten(1) / t[1], dim=1).numpy())
            outs[2].append(F.softmax(tk.flatten(1) / t[2], dim=1).numpy())
    return [np.concatenate(o) for o in outs]


# --- calibration and measurement --------------------------------------------------

def fit_temperature(nll_of_t):
    """The temperature in 0.5..4 with the lowest mean NLL (golden-section search on log T)."""
    lo, hi = math.log(0.5), math.log(4.0)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = nll_of_t(math.exp(a)), nll_of_t(math.exp(b))
    for _ in range(25):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = nll_of_t(math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = nll_of_t(math.exp(b))
    return math.exp((lo + hi) / 2)


def calibrate(model, d):
    """Temperatures of the three heads fitted on the calibration boxes (each head's own NLL)."""
    model.eval()
    with torch.no_grad():
        x = torch.from_numpy(d["x"].astype(np.float32) / 255.0).unsqueeze(1)
        ctc, st, tk = [], [], []
        for b in range(0, len(x), 512):
            o = model(x[b:b + 512])
            ctc.append(o[0].squeeze(2))
            st.append(o[1].flatten(1))
            tk.append(o[2].flatten(1))
        ctc, st, tk = torch.cat(ctc), torch.cat(st), torch.cat(tk)
    state = torch.from_numpy(d["state"].astype(np.int64))
    ticks = torch.from_numpy(d["ticks"].astype(np.int64))
    dig = d["digits"]
    lengths = torch.from_numpy((dig >= 0).sum(1).astype(np.int64))
    targets = torch.from_numpy((dig[dig >= 0] + 1).astype(np.int64))
    in_len = torch.full((len(state),), ctc.shape[2], dtype=torch.int64)

    def ctc_nll(t):
        logp = F.log_softmax(ctc / t, dim=1).permute(2, 0, 1)
        return F.ctc_loss(logp, targets, in_len, lengths, blank=0, reduction="sum", zero_infinity=True).item()

    tick_rows = (state == 3) | (state == 4)
    t_ctc = fit_temperature(ctc_nll)
    t_state = fit_temperature(lambda t: F.cross_entropy(st / t, state).item())
    t_ticks = fit_temperature(lambda t: F.cross_entropy(tk[tick_rows] / t, ticks[tick_rows]).item())
    return t_ctc, t_state, t_ticks


def finish(a):
    torch.set_num_threads(a.threads)
    ck = torch.load(os.path.join(a.work, "checkpoint.pt"))
    model = cell_net.from_checkpoint(ck)
    model.eval()
    calib = load_shards(os.path.join(a.data, "calib"))
    temps = calibrate(model, calib)
    print(f"temperatures: ctc {temps[0]:.3f} state {temps[1]:.3f} ticks {temps[2]:.3f}", flush=True)
    card = {
        "model": "cells.onnx",
        "what": "reads one score box: its state (empty, number, crossed, ticks, ticks with points), "
                "its digits (CTC) and its tick count",
        "input": {"name": "box", "shape": [None, 1, *model.input_shape],
                  "height": model.input_shape[0], "width": model.input_shape[1], "min_width": box_input.MIN_WIDTH,
                  "margin_x": box_input.MARGIN_X, "margin_y": box_input.MARGIN_Y,
                  "paper_percentile": box_input.PAPER_PERCENTILE,
                  "made_by": "testkit/cells/box_input.py = src/readings/box_input.cpp"},
        "outputs": {"ctc": f"N x 11 x 1 x {model.substeps * model.input_shape[1] // 4} logits: blank, digits 0..9",
                    "state": "N x 5 x 1 x 1 logits: " +
                    ", ".join(STATES), "ticks": "N x 7 x 1 x 1 logits: tick count 0..6"},
        "architecture": {"class": "tools/cells/cell_net.py CellNet", "width": model.width,
                         "arch": model.arch, "substeps": model.substeps,
                         "parameters": int(sum(p.numel() for p in model.parameters())),
                         "multiply_adds": int(cell_net.macs(model))},
        "training": {"steps": ck["step"], "batch": a.batch, "command": a.command, "log_tail": ck["log"][-5:]},
        "calibration": {"ctc_temperature": temps[0], "state_temperature": temps[1], "ticks_temperature": temps[2],
                        "boxes": int(len(calib["state"]))},
        "data": "tools/cells/README.md: boxes of testkit/cells/cell_synth.py, seeds in tools/cells/SEEDS.md",
    }
    held = load_shards(os.path.join(a.data, "heldout"))
    if held is not None:
        r = measure_cells.measure(*infer(model, held, temps), held)
        measure_cells.print_measure("held-out boxes", r)
        card["metrics_heldout"] = r
        card["metrics_heldout"]["seeds"] = [int(held["seeds"].min()), int(held["seeds"].max())]
    os.makedirs(a.out, exist_ok=True)
    cell_net.export_onnx(model, os.path.join(a.out, "cells.onnx"))
    with open(os.path.join(a.out, "cells.json"), "w") as f:
        json.dump(card, f, indent=1)
    torch.save({"model": model.state_dict(), **model.spec()}, os.path.join(a.work, "final.pt"))
    print(f"wrote {a.out}/cells.onnx and cells.json", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="folder with train/, calib/, heldout/ shards")
    ap.add_argument("--work", required=True, help="the run's folder (checkpoint.pt)")
    ap.add_argument("--steps", type=int, default=30000)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--width", type=float, default=1.0, help="channel multiplier of CellNet")
    ap.add_argument("--arch", choices=cell_net.ARCHS, default="ctx", help="CellNet's body")
    ap.add_argument("--substeps", type=int, choices=(1, 2, 4), default=1,
                    help="CTC steps per 4 input columns (cell_net.ctc_head)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--bf16", action="store_true",
                    help="train in bfloat16 (autocast, channels-last): 3-4x the boxes a second on a CPU with "
                         "AVX512-BF16 (docs/box-reader.md), the same float32 weights; leave it off on a CPU without")
    ap.add_argument("--window", type=int, default=0,
                    help="train on the newest N shards only, moving on as make_boxes.py writes more "
                         "(boxes made while training, each seen about once; 0: all shards)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log-every", type=int, default=100)
    ap.add_argument("--checkpoint-every", type=int, default=500)
    ap.add_argument("--time-budget", type=float, default=0, help="minutes, then checkpoint and stop (0: none)")
    ap.add_argument("--finish", action="store_true", help="calibrate, measure, export")
    ap.add_argument("--out", default="models")
    a = ap.parse_args()
    a.command = " ".join(sys.argv[1:])
    if a.finish:
        finish(a)
    else:
        train(a)


if __name__ == "__main__":
    main()
