"""Checks for pen_digits.py (plain asserts; a few seconds):
  /usr/bin/python3 testkit/cells/test_pen_digits.py
"""

import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pen_digits as pd  # noqa: E402

THR = 5.0 / 255.0  # coverage the crop counts as ink


def check_image(g, what):
    assert isinstance(g, np.ndarray) and g.dtype == np.float32 and g.ndim == 2, what
    assert g.shape[0] >= 3 and g.shape[1] >= 3, (what, g.shape)
    assert np.isfinite(g).all() and g.min() >= 0.0 and g.max() <= 1.0, what
    assert g.max() > 0.3, (what, "no ink", float(g.max()))
    # cropped to the ink + 1 px: the outer ring is (nearly) paper, the ring inside it has ink
    ring = np.concatenate([g[0], g[-1], g[:, 0], g[:, -1]])
    assert ring.max() <= THR + 1e-6, (what, "ink on the 1 px margin", float(ring.max()))
    assert g[1].max() > THR and g[-2].max() > THR and g[:, 1].max() > THR and g[:, -2].max() > THR, (what, "loose crop")


def test_families():
    assert len(pd.STYLE_FAMILIES) >= 5 + 1
    assert pd.HELD_OUT_FAMILY in pd.STYLE_FAMILIES
    assert pd.HELD_OUT_FAMILY not in pd.TRAINING_FAMILIES
    rng = np.random.default_rng(1)
    seen = set()
    for _ in range(3000):
        w = pd.random_writer(rng)
        assert w["family"] != pd.HELD_OUT_FAMILY
        # the held-out family's own skeletons are never drawn by training writers
        for k, v in pd._HELD_OUT_VARIANTS.items():
            assert w[k] != v, (w["family"], k)
        seen.add(w["family"])
    assert seen == set(pd.TRAINING_FAMILIES), seen
    for _ in range(20):
        w = pd.random_writer(rng, held_out=True)
        assert w["family"] == pd.HELD_OUT_FAMILY
    for f in pd.STYLE_FAMILIES:
        assert pd.random_writer(rng, family=f)["family"] == f
    # JSON-serialisable, and a writer read back from JSON draws the same
    w = pd.random_writer(rng)
    w2 = json.loads(json.dumps(w))
    assert w2 == w
    a = pd.render_digit(8, w, np.random.default_rng(5), 30)
    b = pd.render_digit(8, w2, np.random.default_rng(5), 30)
    assert np.array_equal(a, b)
    # slant range and mostly right-leaning
    sl = np.array([pd.random_writer(rng)["slant"] for _ in range(2000)])
    assert sl.min() >= -0.35 and sl.max() <= 0.45, (sl.min(), sl.max())
    assert (sl > 0).mean() > 0.6, (sl > 0).mean()
    st = np.array([pd.random_writer(rng)["stroke"] for _ in range(2000)])
    assert st.min() >= 0.04 and st.max() <= 0.16


def test_images():
    rng = np.random.default_rng(2)
    writers = [pd.random_writer(rng, family=f) for f in pd.STYLE_FAMILIES]
    for h in (6, 12, 40, 120):
        for w in writers:
            for d in range(10):
                g = pd.render_digit(d, w, rng, h)
                check_image(g, (w["family"], d, h))
                # body about h tall: the crop is h plus the pen, within size jitter and slack
                assert 0.6 * h <= g.shape[0] <= 1.6 * h + 6, (w["family"], d, h, g.shape)
            check_image(pd.render_tick(w, rng, h), (w["family"], "tick", h))
    for bad in (-1, 10):
        try:
            pd.render_digit(bad, writers[0], rng, 20)
        except ValueError:
            pass
        else:
            raise AssertionError("digit %d accepted" % bad)


def test_determinism_and_variation():
    w = pd.random_writer(np.random.default_rng(3))
    assert pd.random_writer(np.random.default_rng(3)) == w
    r1, r2 = np.random.default_rng(9), np.random.default_rng(9)
    for d in range(10):
        a, b = pd.render_digit(d, w, r1, 24), pd.render_digit(d, w, r2, 24)
        assert a.shape == b.shape and np.array_equal(a, b), d
    ta, tb = pd.render_tick(w, r1, 24), pd.render_tick(w, r2, 24)
    assert np.array_equal(ta, tb)
    # each call differs (per-instance variation)
    rng = np.random.default_rng(4)
    for d in range(10):
        a, b = pd.render_digit(d, w, rng, 40), pd.render_digit(d, w, rng, 40)
        assert a.shape != b.shape or not np.array_equal(a, b), d


def test_sanity_metric():
    """Ink aspect ratios are plausible; a 1 is much narrower than an 8; ink amounts are sane."""
    rng = np.random.default_rng(5)
    writers = [pd.random_writer(rng) for _ in range(40)] + [pd.random_writer(rng, held_out=True) for _ in range(8)]
    h = 32
    width = {d: [] for d in range(10)}
    for w in writers:
        for d in range(10):
            g = pd.render_digit(d, w, rng, h)
            H, W = g.shape[0] - 2, g.shape[1] - 2
            width[d].append(W / H)
            ink = float(g.sum()) / (h * h)
            assert 0.01 < ink < 0.6, (w["family"], d, ink)
            if d != 1:
                assert 0.3 < W / H < 1.6, (w["family"], d, W / H)
            else:
                assert W / H < 0.8, (w["family"], d, W / H)
    m = {d: float(np.mean(v)) for d, v in width.items()}
    assert m[1] < 0.55 * m[8], m
    for d in (0, 2, 3, 4, 5, 6, 7, 8, 9):
        assert 0.45 < m[d] < 1.0, (d, m[d])


def test_personal_habits():
    """A few training writers end their 2 in a long flat stroke or close their 5's bowl; held-out
    writers never do, and the habits come from the writer's own seed, not the caller's draws."""
    rng = np.random.default_rng(7)
    writers = [pd.random_writer(rng) for _ in range(2000)]
    tails = np.mean([w["tail2"] > 0 for w in writers])
    closed = np.mean([w["v5"] == "closed_bowl" for w in writers])
    assert abs(tails - pd.P_TAIL_2) < 0.03 and abs(closed - pd.P_CLOSED_5) < 0.03, (tails, closed)
    for w in writers[:50]:  # a function of the writer's habit seed alone
        assert pd._personal_habits(w["habit_seed"]) == {"tail2": w["tail2"], "v5": w["v5"]}
    for _ in range(50):
        w = pd.random_writer(rng, held_out=True)
        assert "tail2" not in w and w["v5"] == "one_stroke"
    w = next(w for w in writers if w["tail2"] >= 0.4)
    plain = dict(w, tail2=0.0)
    a = pd.render_digit(2, w, np.random.default_rng(8), 40)
    b = pd.render_digit(2, plain, np.random.default_rng(8), 40)
    assert a.shape[1] > b.shape[1] + 0.1 * 40, (a.shape, b.shape)
    # a closed bowl puts ink on the left, between the stem's foot and the bowl's end, where an
    # open 5 has none
    for w in [w for w in writers if w["v5"] == "closed_bowl"][:10]:
        a = pd.render_digit(5, w, np.random.default_rng(8), 40)
        b = pd.render_digit(5, dict(w, v5="two_stroke"), np.random.default_rng(8), 40)
        left = lambda g: float(g[int(0.6 * g.shape[0]):int(0.72 * g.shape[0]), :int(0.3 * g.shape[1])].sum())  # noqa
        assert left(a) > left(b) + 1.0, (w["family"], left(a), left(b))


def test_speed():
    rng = np.random.default_rng(6)
    writers = [pd.random_writer(rng) for _ in range(30)]
    for h in (12, 40):
        n = 600
        t = time.perf_counter()
        for i in range(n):
            pd.render_digit(i % 10, writers[i % 30], rng, h)
        ms = (time.perf_counter() - t) / n * 1e3
        print("render_digit at height %d px: %.3f ms" % (h, ms))
        assert ms < 2.0, ms  # well under 1 ms on an idle core; slack for a loaded machine


if __name__ == "__main__":
    for name, fn in list(globals().items()):
        if name.startswith("test_") and callable(fn):
            t = time.perf_counter()
            fn()
            print("ok %-32s %.1f s" % (name, time.perf_counter() - t))
    print("all pen_digits tests passed")
