"""Checks for cell_synth.py (plain asserts; a few seconds):
  /usr/bin/python3 testkit/cells/test_cell_synth.py
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cell_synth as cs  # noqa: E402


def ink_columns(cov):
    cols = np.nonzero(cov.max(axis=0) > 0.3)[0]
    return (int(cols[0]), int(cols[-1]) + 1) if len(cols) else (0, 0)


def check_bend():
    g = np.zeros((40, 24), np.float32)
    g[5:35, 10:14] = 1.0  # a bar, as a 1
    rng = np.random.default_rng(3)
    wide = cs._bend(g, rng, 0.0, 1.3)
    assert wide.shape == (40, 31), wide.shape
    for seed in range(20):
        b = cs._bend(g, np.random.default_rng(seed), 0.06, 1.0)
        assert b.ndim == 2 and b.max() > 0.9, "bent glyph lost its ink"
        assert 0.4 < b.sum() / g.sum() < 2.0, ("bent glyph's ink", b.sum() / g.sum())
    a = cs._bend(g, np.random.default_rng(1), 0.06, 1.0)
    b = cs._bend(g, np.random.default_rng(2), 0.06, 1.0)
    assert a.shape != b.shape or not np.array_equal(a, b), "two bends drew the same glyph"


def check_only_training_bent():
    """Calibration and held-out writers draw the sources' digits as they are."""
    for split in ("calib", "heldout"):
        src = cs.Sources(split)
        for seed in range(30):
            r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
            kind, make = src.hand(r1)
            make_plain = src._maker(src._kind(r2), r2)
            g1, g2 = make(4, 40.0), make_plain(4, 40.0)
            assert kind == "pen" or np.array_equal(g1, g2), (split, kind, "bent")


def check_crossings_span():
    """A crossing-out of an empty box runs across it: at least CROSS_MIN_SPAN of its
    width (less 10% for the pen's jitter), or, for an X kept narrow in a long box,
    a box height; never a short lone stroke a reader could take for a 1."""
    src = cs.Sources("train")
    checked = 0
    for seed in range(400):
        rng = np.random.default_rng(seed)
        page = cs.Page(rng, 40.0, float(rng.uniform(1.0, 8.0)))
        wrote = []
        real = cs._write_number
        cs._write_number = lambda *a, **k: wrote.append(1) or real(*a, **k)
        try:
            state, _, _ = cs._content(page, rng, src, lambda d, h: np.ones((int(h), int(h * 0.6)), np.float32),
                                      0.0, 2.0)
        finally:
            cs._write_number = real
        if state != "crossed" or wrote:
            continue
        x0, x1 = ink_columns(page.ink)
        w, h = page.box[2], page.box[3]
        assert x1 - x0 >= min(0.9 * cs.CROSS_MIN_SPAN * w, 1.0 * h), (seed, x1 - x0, w, h)
        checked += 1
    assert checked >= 40, checked


if __name__ == "__main__":
    check_bend()
    check_only_training_bent()
    check_crossings_span()
    print("cell_synth: all checks passed")
