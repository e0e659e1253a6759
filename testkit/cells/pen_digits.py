"""Handwritten-looking digits (and tick marks) drawn from pen strokes.

A writer is a plain JSON dict of one person's habits (random_writer); each
render_digit call draws one digit with those habits plus per-instance
variation, as float32 ink coverage (1 = ink, 0 = paper), cropped to the ink's
bounding box plus 1 px.

How a digit is made
  skeleton   each digit is one or more strokes through control points in a unit
             box (x 0..1 across the digit's nominal width, y 0..1 top to
             bottom); the writer's variant keys (v0..v9) choose between
             alternative skeletons ('4' open or closed, '7' crossed, ...).
             Points marked as corners split a stroke into smooth pieces that
             meet at a sharp angle; the pen does not lift there.
  writer     a fixed per-writer "habit" displacement of every control point
             (deterministic from writer['habit_seed']), width, slant, roundness
             (spline tension: round Catmull-Rom .. nearly polygonal), loop
             sizes, stroke width, pressure, tremor; and a few habits of single
             people drawn from the writer's habit seed (_personal_habits: a 2
             ending in a long flat stroke, a 5 whose bowl curls back to its stem).
  instance   control-point jitter, aspect/slant/rotation/size jitter, a smooth
             elastic wobble field, tremor along the stroke, stroke width and
             pressure phase; ends of strokes taper as the pen lands and lifts.
  drawing    cv2.polylines (LINE_AA, 4-bit sub-pixel shift) on a supersampled
             canvas, width quantised per run of segments, then INTER_AREA down.

Families: STYLE_FAMILIES lists them; HELD_OUT_FAMILY ('hooked_angular') is
never returned by random_writer unless held_out=True (or asked by name). It is
the only family with these skeletons: a pointed (almond) 0, a flat-topped 3, a
5 written in one stroke from the bar's right end, a 6 with a straight stem, a
7 with a hooked start (always crossed); training writers never draw them.

Run as a script to write a contact sheet:
  /usr/bin/python3 testkit/cells/pen_digits.py --out /tmp/pen_sheet.png --height 48
"""

import math

import cv2
import numpy as np

__all__ = ["STYLE_FAMILIES", "HELD_OUT_FAMILY", "TRAINING_FAMILIES", "random_writer", "render_digit",
           "render_tick"]

HELD_OUT_FAMILY = "hooked_angular"

# ---------------------------------------------------------------------------
# Families: parameter ranges and variant probabilities.
# Ranges are (lo, hi) uniform; probabilities are P(first option).
# ---------------------------------------------------------------------------
_FAMILIES = {
    # Neat school handwriting: round, a little right slant, open 4, plain 7.
    "school_round": dict(
        weight=1.0, slant=(0.02, 0.25), width=(0.92, 1.1), stroke=(0.06, 0.11), pressure=(0.05, 0.2),
        roundness=(0.8, 1.0), loop=(0.44, 0.54), taper=(0.0, 0.3), tremor=(0.0, 0.15), wobble=(0.15, 0.45),
        jitter=(0.012, 0.025), habit=(0.01, 0.025), size_jitter=(0.02, 0.05), rot_jitter=(1.0, 2.5),
        p4_open=0.7, p7_crossed=0.08, p1_flag=0.35, p1_foot=0.08, p9_straight=0.65, p2_loop=0.1, p0_slash=0.02,
        p8_single=0.75, p3_round=1.0, ticks=(0.7, 0.15, 0.15)),
    # Fast, connected writing: strong right slant, narrow, loops, tapered ends.
    "quick_cursive": dict(
        weight=1.0, slant=(0.18, 0.45), width=(0.72, 0.92), stroke=(0.04, 0.09), pressure=(0.18, 0.4),
        roundness=(0.7, 1.0), loop=(0.38, 0.5), taper=(0.3, 0.6), tremor=(0.0, 0.1), wobble=(0.3, 0.7),
        jitter=(0.018, 0.035), habit=(0.015, 0.035), size_jitter=(0.04, 0.08), rot_jitter=(1.5, 3.5),
        p4_open=0.8, p7_crossed=0.1, p1_flag=0.4, p1_foot=0.0, p9_straight=0.35, p2_loop=0.6, p0_slash=0.01,
        p8_single=0.95, p3_round=1.0, ticks=(0.8, 0.15, 0.05)),
    # Upright, wide, angular block capitals style: closed 4, feet on 1s.
    "block_print": dict(
        weight=1.0, slant=(-0.06, 0.1), width=(1.02, 1.25), stroke=(0.07, 0.13), pressure=(0.03, 0.12),
        roundness=(0.25, 0.6), loop=(0.46, 0.56), taper=(0.0, 0.15), tremor=(0.0, 0.1), wobble=(0.1, 0.35),
        jitter=(0.01, 0.022), habit=(0.01, 0.02), size_jitter=(0.02, 0.05), rot_jitter=(0.8, 2.0),
        p4_open=0.25, p7_crossed=0.15, p1_flag=0.7, p1_foot=0.55, p9_straight=0.85, p2_loop=0.0, p0_slash=0.05,
        p8_single=0.35, p3_round=1.0, ticks=(0.5, 0.2, 0.3)),
    # European habits: crossed 7, flagged 1, moderate slant.
    "continental": dict(
        weight=1.0, slant=(0.05, 0.3), width=(0.85, 1.05), stroke=(0.05, 0.1), pressure=(0.1, 0.3),
        roundness=(0.6, 0.95), loop=(0.42, 0.52), taper=(0.1, 0.4), tremor=(0.0, 0.12), wobble=(0.2, 0.5),
        jitter=(0.012, 0.028), habit=(0.012, 0.03), size_jitter=(0.03, 0.06), rot_jitter=(1.0, 2.5),
        p4_open=0.85, p7_crossed=0.92, p1_flag=0.92, p1_foot=0.1, p9_straight=0.5, p2_loop=0.25, p0_slash=0.03,
        p8_single=0.85, p3_round=1.0, ticks=(0.75, 0.2, 0.05)),
    # Back-slanted, round and rather wide.
    "backhand": dict(
        weight=0.5, slant=(-0.35, -0.06), width=(0.95, 1.2), stroke=(0.05, 0.11), pressure=(0.05, 0.25),
        roundness=(0.75, 1.0), loop=(0.46, 0.58), taper=(0.0, 0.3), tremor=(0.0, 0.12), wobble=(0.2, 0.5),
        jitter=(0.012, 0.025), habit=(0.012, 0.03), size_jitter=(0.03, 0.06), rot_jitter=(1.0, 2.5),
        p4_open=0.6, p7_crossed=0.1, p1_flag=0.3, p1_foot=0.1, p9_straight=0.5, p2_loop=0.2, p0_slash=0.02,
        p8_single=0.7, p3_round=1.0, ticks=(0.6, 0.3, 0.1)),
    # Felt tip / marker: thick even strokes, simple shapes.
    "marker_bold": dict(
        weight=0.8, slant=(-0.05, 0.25), width=(0.95, 1.2), stroke=(0.11, 0.16), pressure=(0.0, 0.08),
        roundness=(0.6, 0.95), loop=(0.48, 0.58), taper=(0.0, 0.1), tremor=(0.0, 0.08), wobble=(0.15, 0.4),
        jitter=(0.012, 0.025), habit=(0.01, 0.025), size_jitter=(0.03, 0.06), rot_jitter=(1.0, 2.5),
        p4_open=0.6, p7_crossed=0.1, p1_flag=0.4, p1_foot=0.15, p9_straight=0.7, p2_loop=0.05, p0_slash=0.02,
        p8_single=0.6, p3_round=1.0, ticks=(0.6, 0.2, 0.2)),
    # Unsteady hand: tremor, wobble, uneven sizes.
    "shaky": dict(
        weight=0.7, slant=(-0.15, 0.3), width=(0.85, 1.15), stroke=(0.05, 0.12), pressure=(0.15, 0.4),
        roundness=(0.55, 0.95), loop=(0.42, 0.56), taper=(0.0, 0.3), tremor=(0.5, 1.0), wobble=(0.5, 1.0),
        jitter=(0.02, 0.04), habit=(0.015, 0.035), size_jitter=(0.06, 0.11), rot_jitter=(2.0, 4.5),
        p4_open=0.6, p7_crossed=0.15, p1_flag=0.4, p1_foot=0.1, p9_straight=0.6, p2_loop=0.15, p0_slash=0.01,
        p8_single=0.6, p3_round=1.0, ticks=(0.6, 0.2, 0.2)),
    # HELD OUT: angular continental hand with its own 0, 3, 5, 6 and 7.
    HELD_OUT_FAMILY: dict(
        weight=0.0, slant=(0.0, 0.3), width=(0.88, 1.08), stroke=(0.05, 0.12), pressure=(0.05, 0.3),
        roundness=(0.35, 0.7), loop=(0.4, 0.52), taper=(0.0, 0.35), tremor=(0.0, 0.2), wobble=(0.15, 0.5),
        jitter=(0.012, 0.028), habit=(0.012, 0.03), size_jitter=(0.03, 0.07), rot_jitter=(1.0, 2.5),
        p4_open=0.9, p7_crossed=1.0, p1_flag=0.85, p1_foot=0.0, p9_straight=0.6, p2_loop=0.0, p0_slash=0.0,
        p8_single=0.5, p3_round=0.0, ticks=(0.7, 0.2, 0.1)),
}

STYLE_FAMILIES = list(_FAMILIES)
TRAINING_FAMILIES = [f for f in STYLE_FAMILIES if f != HELD_OUT_FAMILY]
_TRAIN_WEIGHTS = np.array([_FAMILIES[f]["weight"] for f in TRAINING_FAMILIES], dtype=np.float64)
_TRAIN_WEIGHTS /= _TRAIN_WEIGHTS.sum()

# Skeleton variants only the held-out family draws.
_HELD_OUT_VARIANTS = {"v0": "pointed", "v3": "flat_top", "v5": "one_stroke", "v6": "straight_stem",
                      "v7": "hooked_crossed"}

# Nominal digit widths in units of the digit's height (before the writer's width factor).
_DIGIT_W = (0.62, 0.36, 0.62, 0.58, 0.70, 0.60, 0.58, 0.62, 0.58, 0.58)


def _uni(rng, lohi):
    return float(rng.uniform(lohi[0], lohi[1]))


def random_writer(rng, family=None, held_out=False):
    """A random writer (one person's consistent habits) as a JSON-serialisable dict.

    family=None picks a training family (never HELD_OUT_FAMILY) unless held_out=True,
    which returns a writer of HELD_OUT_FAMILY. A family named explicitly is used as is.
    """
    if family is None:
        family = HELD_OUT_FAMILY if held_out else TRAINING_FAMILIES[int(rng.choice(len(TRAINING_FAMILIES),
                                                                                 p=_TRAIN_WEIGHTS))]
    if family not in _FAMILIES:
        raise ValueError(f"unknown family {family!r}; known: {STYLE_FAMILIES}")
    f = _FAMILIES[family]
    b = lambda p: bool(rng.random() < p)  # noqa: E731
    w = {
        "family": family,
        "slant": _uni(rng, f["slant"]),              # shear: x += slant * (height above baseline)
        "width": _uni(rng, f["width"]),              # x scale of every digit
        "aspect": [float(v) for v in rng.normal(1.0, 0.05, 10)],   # per-digit width habit
        "stroke": _uni(rng, f["stroke"]),            # pen width / digit height
        "pressure": _uni(rng, f["pressure"]),        # relative width variation along strokes
        "roundness": _uni(rng, f["roundness"]),      # 1 round curves .. 0 angular
        "loop": _uni(rng, f["loop"]),                # 6/9 loop height / digit height
        "taper": _uni(rng, f["taper"]),              # thinning where the pen lands and lifts
        "tremor": _uni(rng, f["tremor"]),            # fine shake along strokes, 0..1
        "wobble": _uni(rng, f["wobble"]),            # smooth elastic distortion, 0..1
        "jitter": _uni(rng, f["jitter"]),            # per-instance control point noise (unit box)
        "habit": _uni(rng, f["habit"]),              # fixed per-writer control point offsets (unit box)
        "habit_seed": int(rng.integers(0, 2**31 - 1)),
        "size_jitter": _uni(rng, f["size_jitter"]),  # std of log size per digit
        "rot_jitter": _uni(rng, f["rot_jitter"]),    # std of per-digit rotation, degrees
        "v0": "slash" if b(f["p0_slash"]) else "plain",
        "v1_flag": b(f["p1_flag"]),
        "v1_foot": b(f["p1_foot"]),
        "v2": "loop" if b(f["p2_loop"]) else "plain",
        "v3": "round" if b(f["p3_round"]) else "flat_top",
        "v4": "open" if b(f["p4_open"]) else "closed",
        "v5": "two_stroke",
        "v6": "round",
        "v7": "crossed" if b(f["p7_crossed"]) else "plain",
        "v8": "single" if b(f["p8_single"]) else "two_loops",
        "v9": "straight" if b(f["p9_straight"]) else "curved",
        "flag_len": _uni(rng, (0.12, 0.22)),         # 1's flag, in digit heights (kept short)
        "egg": _uni(rng, (-0.15, 0.15)),             # 0 narrower at top (+) or bottom (-)
        "top_ratio": _uni(rng, (0.75, 0.95)),        # 8's top loop width / bottom loop width
        "gap": _uni(rng, (-0.15, 0.35)),             # 0's end overshoot (+) or gap (-), radians
        "bar_tilt": _uni(rng, (-0.04, 0.06)),        # 5/7 bars rising (+) to the right
        "tick": str(rng.choice(["check", "slash", "bar"], p=f["ticks"])),
    }
    if family == HELD_OUT_FAMILY:
        w.update(_HELD_OUT_VARIANTS)
        w["v1_foot"] = False
    else:
        w.update(_personal_habits(w["habit_seed"]))
    return w


# Habits a few people of any hand have, which no family's skeletons draw. Each
# is drawn from the writer's own habit seed, not from the caller's generator,
# so that every other draw (and every held-out writer) stays as it was.
P_TAIL_2 = 0.15          # share of writers whose 2 ends in a long flat exit stroke
TAIL_2 = (0.2, 0.6)      # its length beyond the 2's base, unit-box widths
P_CLOSED_5 = 0.12        # share of writers whose 5's bowl curls back up to its stem


def _personal_habits(habit_seed):
    h = np.random.default_rng([habit_seed, 2])
    tail = _uni(h, TAIL_2) if h.random() < P_TAIL_2 else 0.0
    closed = bool(h.random() < P_CLOSED_5)
    return {"tail2": tail, "v5": "closed_bowl" if closed else "two_stroke"}


# ---------------------------------------------------------------------------
# Skeletons. A stroke is a list of (x, y) or (x, y, 1) tuples; the 1 marks a
# corner (sharp turn, pen stays down). Unit box: x 0..1 across the nominal
# width, y 0..1 top to bottom.
# ---------------------------------------------------------------------------
def _loop_pts(cx, cy, rx, ry, a0, a1, n, egg=0.0):
    """Points on an ellipse, counter-clockwise on the page from angle a0 to a1
    (0 = top, pi/2 = left, pi = bottom)."""
    a = np.linspace(a0, a1, n)
    y = cy - ry * np.cos(a)
    x = cx - rx * np.sin(a) * (1.0 + egg * (y - cy) / max(ry, 1e-6))
    return list(zip(x.tolist(), y.tolist()))


def _sk0(w):
    if w["v0"] == "pointed":
        # almond: sharp top and bottom, drawn from the top down the left side and back up
        return [[(0.5, 0.0), (0.12, 0.3), (0.08, 0.62), (0.5, 1.0, 1), (0.9, 0.62), (0.88, 0.3), (0.5, 0.0, 1),
                 (0.38, 0.1)]]
    g = w["gap"]
    s = [_loop_pts(0.5, 0.5, 0.5, 0.5, -0.35, 2 * math.pi - 0.35 + g, 10, w["egg"])]
    if w["v0"] == "slash":
        s.append([(0.95, -0.08), (0.05, 1.08)])
    return s


def _sk1(w):
    fl = w["flag_len"] / _DIGIT_W[1]  # flag length in unit-box x
    top = (0.62, 0.0)
    if w["v1_flag"]:
        s = [[(0.62 - fl, 0.1 + 0.6 * w["flag_len"]), (0.62 - 0.45 * fl, 0.05), top + (1,), (0.6, 0.5), (0.58, 1.0)]]
    else:
        s = [[top, (0.6, 0.5), (0.58, 1.0)]]
    if w["v1_foot"]:
        s.append([(0.1, 1.0), (0.58, 1.0), (1.05, 0.99)])
    return s


def _sk2(w):
    top = [(0.05, 0.3), (0.2, 0.07), (0.52, 0.0), (0.84, 0.1), (0.9, 0.32), (0.68, 0.58)]
    if w["v2"] == "loop":
        return [top + [(0.34, 0.82), (0.14, 0.97), (0.0, 0.9), (0.08, 0.76), (0.28, 0.84), (0.38, 0.97),
                       (0.68, 0.99), (1.0, 0.96)]]
    base = [(0.3, 0.84), (0.02, 1.0, 1), (0.5, 0.99), (1.0, 0.97)]
    tail = w.get("tail2", 0.0)
    if tail > 0:  # the pen runs on along the line before it lifts
        base.append((1.0 + tail, 0.96))
    return [top + base]


def _sk3(w):
    bottom = [(0.8, 0.56), (0.96, 0.76), (0.8, 0.95), (0.45, 1.0), (0.04, 0.87)]
    if w["v3"] == "flat_top":
        return [[(0.06, 0.02), (0.5, 0.01), (0.94, 0.0, 1), (0.42, 0.44, 1)] + bottom]
    return [[(0.06, 0.16), (0.35, 0.0), (0.7, 0.02), (0.88, 0.2), (0.72, 0.4), (0.38, 0.48, 1)] + bottom]


def _sk4(w):
    if w["v4"] == "closed":
        return [[(0.64, 0.0), (0.3, 0.35), (0.0, 0.68, 1), (0.5, 0.68), (1.0, 0.67)],
                [(0.68, 0.0), (0.68, 0.5), (0.68, 1.0)]]
    return [[(0.16, 0.0), (0.1, 0.3), (0.05, 0.62, 1), (0.5, 0.62), (1.0, 0.6)],
            [(0.74, 0.12), (0.74, 0.55), (0.73, 1.0)]]


def _sk5(w):
    t = w["bar_tilt"]
    bowl = [(0.46, 0.36), (0.85, 0.48), (0.93, 0.74), (0.72, 0.96), (0.36, 1.0), (0.04, 0.88)]
    if w["v5"] == "one_stroke":
        return [[(0.95, 0.0 - t), (0.55, 0.01 - t / 2), (0.18, 0.03, 1), (0.14, 0.46, 1)] + bowl]
    if w["v5"] == "closed_bowl":  # the bowl's end turns up towards the stem: a 6 with a flat bar on top
        bowl = bowl[:-1] + [(0.06, 0.82), (0.1, 0.58)]
    return [[(0.2, 0.03), (0.14, 0.46, 1)] + bowl, [(0.2, 0.03), (0.55, 0.02 - t / 2), (0.95, 0.01 - t)]]


def _sk6(w):
    L = w["loop"]
    y = lambda v: 1.0 - (1.0 - v) * L / 0.48  # noqa: E731  (loop part scaled to the loop height)
    loop = [(0.08, y(0.72)), (0.28, 0.97), (0.64, 0.98), (0.92, y(0.76)), (0.76, y(0.55)), (0.42, y(0.52)),
            (0.12, y(0.7))]
    if w["v6"] == "straight_stem":
        return [[(0.88, 0.0), (0.55, 0.27), (0.22, 0.56)] + loop[:1] + loop[1:]]
    return [[(0.82, 0.03), (0.45, 0.15), (0.16, 0.44)] + loop]


def _sk7(w):
    t = w["bar_tilt"]
    diag = [(0.74, 0.35), (0.48, 0.72), (0.36, 1.0)]
    bar = [(0.02, 0.03 + t), (0.5, 0.015 + t / 2), (1.0, 0.0, 1)]
    cross = [(0.3, 0.54), (0.62, 0.53), (0.9, 0.52)]
    if w["v7"] == "hooked_crossed":
        return [[(0.0, 0.2), (0.02, 0.03 + t, 1)] + bar[1:] + diag, cross]
    s = [bar + diag]
    if w["v7"] == "crossed":
        s.append(cross)
    return s


def _sk8(w):
    r = w["top_ratio"]
    if w["v8"] == "two_loops":
        return [_loop_pts(0.5, 0.24, 0.4 * r, 0.24, -0.3, 2 * math.pi - 0.1, 9),
                _loop_pts(0.5, 0.72, 0.48, 0.28, -0.3, 2 * math.pi - 0.1, 9)]
    a = 0.5 - 0.36 * r
    b = 0.5 + 0.36 * r
    return [[(b, 0.12), (0.5, 0.0), (a, 0.13), (0.32, 0.36), (0.7, 0.56), (0.94, 0.78), (0.56, 1.0), (0.08, 0.8),
             (0.3, 0.56), (0.7, 0.38), (b + 0.01, 0.17), (b - 0.06, 0.05)]]


def _sk9(w):
    L = w["loop"]
    y = lambda v: v * L / 0.48  # noqa: E731
    loop = [(0.9, y(0.14)), (0.52, 0.0), (0.12, y(0.12)), (0.1, y(0.36)), (0.42, y(0.5)), (0.8, y(0.38)),
            (0.9, 0.02, 1)]
    if w["v9"] == "curved":
        return [loop + [(0.9, 0.5), (0.78, 0.84), (0.5, 1.0), (0.18, 0.92)]]
    return [loop + [(0.87, 0.5), (0.82, 1.0)]]


_SKELETONS = (_sk0, _sk1, _sk2, _sk3, _sk4, _sk5, _sk6, _sk7, _sk8, _sk9)


def _tick_skeleton(style):
    if style == "check":
        return [[(0.0, 0.55), (0.14, 0.75), (0.3, 1.0, 1), (0.62, 0.45), (1.0, 0.0)]], 0.9
    if style == "slash":
        return [[(0.0, 1.0), (0.5, 0.5), (1.0, 0.0)]], 0.55
    return [[(0.5, 0.0), (0.5, 0.5), (0.48, 1.0)]], 0.2


# ---------------------------------------------------------------------------
# Geometry and drawing
# ---------------------------------------------------------------------------
_QUARTER = np.array([0.0, 0.5 * math.pi, 0.0, 0.5 * math.pi])
_WOB_AXES = np.array([1, 0, 0, 1])
_TOPOLOGY = {}
_HABITS = {}


def _hermite(n):
    """Cubic Hermite basis (n, 4) for t = 0, 1/n, .., (n-1)/n: weights of p0, m0, p1, m1."""
    t = np.arange(n, dtype=np.float64) / n
    t2, t3 = t * t, t * t * t
    return np.stack([2 * t3 - 3 * t2 + 1, t3 - 2 * t2 + t, -2 * t3 + 3 * t2, t3 - t2], axis=1)


def _topology(sizes, corner, n):
    """Linear maps from control points to dense polylines, cached per skeleton shape.

    Each stroke is split at its corners into pieces; every piece is a cardinal spline
    through its points (tangents k/2 (p[i+1] - p[i-1]), k (p1 - p0) at the ends) sampled
    n times per span, plus the stroke's last point. The dense points are then
    D = A0 @ pts + k * A1 @ pts. Returns (A0, A1, counts, sid, first, last, joins):
    dense points per stroke, stroke id per dense point, first/last dense index per
    stroke, and the segment indices that join one stroke to the next (not drawn)."""
    key = (sizes, corner, n)
    topo = _TOPOLOGY.get(key)
    if topo is not None:
        return topo
    H = _hermite(n)
    npts = sum(sizes)
    rows0, rows1 = [], []  # per dense point: coefficient rows over the control points
    counts = []
    i0 = 0
    for k in sizes:
        cuts = [0] + [c for c in range(1, k - 1) if corner[i0 + c]] + [k - 1]
        c0 = len(rows0)
        for a, b in zip(cuts[:-1], cuts[1:]):
            idx = list(range(i0 + a, i0 + b + 1))
            m = len(idx)
            # tangent of piece point j as coefficients over control points
            tan = np.zeros((m, npts))
            for j in range(m):
                jp, jn = max(j - 1, 0), min(j + 1, m - 1)
                hf = 0.5 if 0 < j < m - 1 else 1.0
                tan[j, idx[jn]] += hf
                tan[j, idx[jp]] -= hf
            for j in range(m - 1):
                for i in range(n):
                    r0 = np.zeros(npts)
                    r0[idx[j]] += H[i, 0]
                    r0[idx[j + 1]] += H[i, 2]
                    rows0.append(r0)
                    rows1.append(H[i, 1] * tan[j] + H[i, 3] * tan[j + 1])
        r0 = np.zeros(npts)
        r0[i0 + k - 1] = 1.0
        rows0.append(r0)
        rows1.append(np.zeros(npts))
        counts.append(len(rows0) - c0)
        i0 += k
    counts_a = np.array(counts)
    last = np.cumsum(counts_a) - 1
    first = last - counts_a + 1
    topo = (np.array(rows0), np.array(rows1), counts, np.repeat(np.arange(len(sizes)), counts_a), first, last,
            last[:-1])
    if len(_TOPOLOGY) > 4096:
        _TOPOLOGY.clear()
    _TOPOLOGY[key] = topo
    return topo


def _habit(seed, d, n):
    """Deterministic per-writer offsets in [-1, 1], shape (n, 2)."""
    key = (seed, d, n)
    v = _HABITS.get(key)
    if v is None:
        i = np.arange(2 * n, dtype=np.float64)
        v = np.sin(i * 12.9898 + (d + 1) * 78.233 + (seed % 100003) * 0.0137) * 43758.5453
        v = ((v - np.floor(v)) * 2.0 - 1.0).reshape(n, 2)
        if len(_HABITS) > 65536:
            _HABITS.clear()
        _HABITS[key] = v
    return v


def _draw(strokes, writer, rng, height_px, box_w, d):
    """strokes: skeleton (list of lists of tuples) in the unit box. Returns the cropped coverage image."""
    height_px = float(height_px)
    if not height_px > 0:
        raise ValueError("height_px must be > 0")
    # all per-instance scalar randomness in two draws (fixed order: deterministic per rng state)
    g = rng.normal(0.0, 1.0, 8)
    u = rng.random(12)
    # --- control points: per-writer habit + per-instance jitter -----------------
    sizes = tuple(len(st) for st in strokes)
    allq = [q for st in strokes for q in st]
    npts = len(allq)
    corner = tuple(len(q) > 2 for q in allq)
    pts = np.array([q[:2] for q in allq], dtype=np.float64)
    pts += writer["habit"] * _habit(writer["habit_seed"], d, npts) + rng.normal(0.0, writer["jitter"], (npts, 2))
    # x to height units with the per-instance aspect, slant (shear), rotation; about the box centre
    aspect = box_w * writer["width"] * math.exp(0.04 * g[0])
    slant = writer["slant"] + 0.03 * g[1]
    ang = math.radians(writer["rot_jitter"] * g[2])
    ca, sa = math.cos(ang), math.sin(ang)
    # [x', y'] = Rot @ Shear @ [aspect (x - .5), y - .5]; row-vector form: pts @ A.T
    A = np.array([[ca * aspect, -ca * slant - sa], [sa * aspect, -sa * slant + ca]])
    pts = (pts - 0.5) @ A.T

    size = height_px * math.exp(writer["size_jitter"] * g[3])
    s = int(min(8, max(3, round(96.0 / size))))  # supersampling factor
    n_span = int(min(12, max(3, size * 0.22)))   # spline samples per span: ~ one per 2..4 output px
    k = 1.0 - 0.75 * (1.0 - writer["roundness"])  # tangent scale (1 = Catmull-Rom, 0.25 = nearly polygonal)

    # --- dense polylines (cardinal splines, pieces split at corners) -------------------
    A0, A1, counts, sid, first, last, joins = _topology(sizes, corner, n_span)
    D = A0 @ pts + (k * A1) @ pts  # height units, centred

    # smooth elastic wobble: one random low-frequency field for the whole digit
    wob = writer["wobble"] * 0.022
    if wob > 0:
        # dx = a sin(f0 y + p0) cos(f1 x + p1), dy = b sin(f2 x + p2) cos(f3 y + p3); cos(v) = sin(v + pi/2)
        f = 1.5 + 3.0 * u[0:4]
        ph = 2 * math.pi * u[4:8] + _QUARTER
        sn = np.sin(D[:, _WOB_AXES] * f + ph)
        D = D + sn[:, 0::2] * sn[:, 1::2] * (wob * g[4:6])
    # tremor: fine noise along strokes, in output px (a physical hand shake) and height units
    tr = writer["tremor"]
    if tr > 0:
        nz = rng.normal(0.0, tr * (0.004 + 0.25 / size), D.shape)
        nz[1:-1] = 0.5 * nz[1:-1] + 0.25 * (nz[:-2] + nz[2:])
        D = D + nz

    # --- pen width along strokes: pressure wave + taper where the pen lands and lifts -------
    base_w = max(writer["stroke"] * size * math.exp(0.08 * g[6]), 0.5)  # output px
    dd = D[1:] - D[:-1]
    cum = np.empty(len(D))
    cum[0] = 0.0
    np.cumsum(np.sqrt((dd * dd).sum(axis=1)), out=cum[1:])
    c0 = cum[first]
    arc = cum - c0[sid]
    nst = len(counts)
    rw = rng.random(2 * nst)
    wv = 1.0 + writer["pressure"] * np.sin((1.0 + 2.0 * rw[sid]) * arc + (2 * math.pi) * rw[nst + sid])
    tp = writer["taper"]
    if tp > 0:
        rem = (cum[last] - c0)[sid] - arc
        wv *= 1.0 - tp * (np.exp(arc * -16.7) + np.exp(rem * -16.7))
    widths = np.maximum(wv * base_w, 0.35) * s  # supersampled px

    # --- canvas ---------------------------------------------------------------------------
    scale = size * s  # height units -> supersampled px
    Dp = D * scale
    pad = float(widths.max()) * 0.5 + 2 * s
    lo = Dp.min(axis=0) - pad
    hi = Dp.max(axis=0) + pad
    W = int(math.ceil((hi[0] - lo[0] + s) / s)) * s
    H = int(math.ceil((hi[1] - lo[1] + s) / s)) * s
    img = np.zeros((H, W), np.uint8)
    off = s * u[8:10] - lo - 0.5  # random sub-pixel phase of the output grid; pixel centres at integers
    Q = np.round((Dp + off) * 16.0).astype(np.int32)  # shift=4
    T = np.maximum(np.round(0.5 * (widths[:-1] + widths[1:])).astype(np.int32), 1)
    T[joins] = 0  # the segments joining one stroke's end to the next stroke's start: not drawn
    # runs of equal thickness: one polyline each, one cv2 call per thickness
    cuts = (np.flatnonzero(T[1:] != T[:-1]) + 1).tolist()
    groups = {}
    Tl = T.tolist()
    for a, b in zip([0] + cuts, cuts + [len(Tl)]):
        t = Tl[a]
        if t:
            groups.setdefault(t, []).append(Q[a:b + 1])
    # LINE_8 on the supersampled canvas (>= 3x): INTER_AREA below does the anti-aliasing
    for t, polys in groups.items():
        cv2.polylines(img, polys, False, 255, thickness=t, lineType=cv2.LINE_8, shift=4)
    small = cv2.resize(img, (W // s, H // s), interpolation=cv2.INTER_AREA)
    # --- crop to ink + 1 px ---------------------------------------------------------------
    x0, y0, w0, h0 = cv2.boundingRect((small > 5).view(np.uint8))
    if w0 == 0:
        x0, y0, w0, h0 = cv2.boundingRect(small)
        if w0 == 0:
            return np.zeros((3, 3), np.float32)
    r0, r1 = max(y0 - 1, 0), min(y0 + h0 + 1, small.shape[0])
    c0, c1 = max(x0 - 1, 0), min(x0 + w0 + 1, small.shape[1])
    return small[r0:r1, c0:c1].astype(np.float32) * (1.0 / 255.0)


def render_digit(d, writer, rng, height_px):
    """Digit d (0..9) in the writer's hand, float32 coverage 0..1, cropped to ink + 1 px.
    The digit's body (stroke centre lines) is about height_px tall."""
    d = int(d)
    if not 0 <= d <= 9:
        raise ValueError("d must be 0..9")
    return _draw(_SKELETONS[d](writer), writer, rng, height_px, _DIGIT_W[d] * writer["aspect"][d], d)


def render_tick(writer, rng, height_px):
    """The writer's favourite tick mark (check, slash or bar), same conventions as render_digit."""
    sk, bw = _tick_skeleton(writer["tick"])
    return _draw(sk, writer, rng, height_px, bw, 10)


# ---------------------------------------------------------------------------
# Contact sheet
# ---------------------------------------------------------------------------
def contact_sheet(path, height_px=48.0, n_writers=10, seed=1, reps=2):
    """Rows = writers (the last is the held-out family), columns = digits 0..9 `reps`
    times, then a tick. Writes a PNG (ink dark on white) and returns the image."""
    rng = np.random.default_rng(seed)
    writers = [random_writer(rng, family=TRAINING_FAMILIES[i % len(TRAINING_FAMILIES)])
               for i in range(n_writers - 1)] + [random_writer(rng, held_out=True)]
    cell_h = int(height_px * 1.6) + 4
    cell_w = int(height_px * 1.2) + 4
    ncol = 10 * reps + 1
    sheet = np.zeros((cell_h * len(writers), cell_w * ncol), np.float32)
    for r, w in enumerate(writers):
        glyphs = [render_digit(c % 10, w, rng, height_px) for c in range(10 * reps)] + [render_tick(w, rng, height_px)]
        for c, g in enumerate(glyphs):
            g = g[:cell_h, :cell_w]
            y0 = r * cell_h + (cell_h - g.shape[0]) // 2
            x0 = c * cell_w + (cell_w - g.shape[1]) // 2
            sheet[y0:y0 + g.shape[0], x0:x0 + g.shape[1]] = np.maximum(sheet[y0:y0 + g.shape[0], x0:x0 + g.shape[1]], g)
    out = (255 - np.clip(sheet * 255, 0, 255)).astype(np.uint8)
    out = cv2.cvtColor(out, cv2.COLOR_GRAY2BGR)
    for r in range(1, len(writers)):
        out[r * cell_h, :] = (230, 200, 200)
    if path:
        cv2.imwrite(path, out)
    return out, writers


if __name__ == "__main__":
    import argparse
    import json

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="/tmp/pen_sheet.png")
    ap.add_argument("--height", type=float, default=48.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--writers", type=int, default=10)
    a = ap.parse_args()
    _, ws = contact_sheet(a.out, a.height, a.writers, a.seed)
    for w in ws:
        print(json.dumps({k: w[k] for k in ("family", "v0", "v1_flag", "v1_foot", "v2", "v3", "v4", "v5", "v6", "v7",
                                            "v8", "v9", "tick")}))
    print("wrote", a.out)
