"""Score boxes for the box reader, drawn from a seed: randomised on everything a
box can show (issue 62): what is written (1-4 digit numbers with real spacing,
touching and overlapping digits, slant, sizes from a quarter of the box to more
than the box, off-centre, crossing into the box above or below; crossings-out;
ticks alone and beside points; corrections; empty boxes), the pen, the paper
and its printing (tints, stripes, shading, a header bar's edge, ruled lines of
any weight, colour and doubling, missing or slightly off), and the capture
(resolution, blur, motion blur, JPEG, noise, uneven light, curl shading,
photocopy speckle).

`make_box(seed, split, sources)` returns the model input (HEIGHT x WIDTH uint8, ink
255, testkit/cells/box_input.py) and its label. The same seed and split give
the same box. `split` picks the handwriting (glyphs.py): "train" for training,
"calib" for fitting the confidence temperatures, "heldout" for measuring
(digits, fonts and a pen family never trained on). Seed ranges: SEEDS.md in
tools/cells.
"""

import math

import cv2
import numpy as np

import box_input
import glyphs

try:
    import pen_digits
except ImportError:  # the pen synthesiser is optional while it is written
    pen_digits = None

STATES = ["empty", "number", "crossed", "ticks", "ticks_points"]
MIN_DIGIT_PX = 8.0   # smallest digit height written, capture px: smaller is a smudge nobody could read
OVERRUN = 0.17      # a number written over the top or bottom line reaches this far past it, share of the box
                    # height (the crop keeps 0.2 beyond each line: box_input.MARGIN_Y)
CROSS_MIN_SPAN = 0.6  # an empty box's crossing-out spans at least this share of its width: shorter is a 1 or a slash
MAX_ASPECT = 10.0    # widest box, width over height: one player's long score column; the reader squeezes
                    # boxes wider than its input (box_input.WIDTH), so it must see squeezed writing
ANYWHERE = 0.25     # share of numbers written anywhere along the box rather than near its middle
WRITER_WIDTH = (0.75, 1.3)  # a training writer's digits, width over the source's
MAX_BEND = 0.06     # a training digit's bend: its control points move up to this share of its height (sd)
MAX_BLUR = 0.035     # heaviest capture blur (Gaussian sigma), share of the box height


class Sources:
    """The handwriting of one split, loaded once per process."""

    def __init__(self, split):
        self.split = split
        self.mnist = glyphs.MnistBank(split)
        self.fonts = glyphs.FontBank(glyphs.HELDOUT_FONTS if split == "heldout" else glyphs.TRAIN_FONTS)

    def hand(self, rng):
        """One writer's digit maker for a box: d, height_px -> coverage."""
        kind = self._kind(rng)
        make = self._maker(kind, rng)
        if self.split != "train":
            return kind, make
        # The training sources hold a few thousand digits, which a reader
        # learns by heart: each training writer draws them narrower or wider
        # and each digit a little bent, so that no two boxes repeat a glyph.
        width = rng.uniform(*WRITER_WIDTH)
        bend = rng.uniform(0, MAX_BEND)
        return kind, lambda d, h: _bend(make(d, h), rng, bend, width)

    def _kind(self, rng):
        """The writer's handwriting source, drawn from the split's mix."""
        if self.split == "heldout":
            kinds, weights = ["mnist", "font", "pen"], [0.4, 0.3, 0.3]
        else:
            kinds, weights = ["mnist", "font", "hershey", "pen"], [0.35, 0.25, 0.1, 0.3]
        if pen_digits is None:
            i = kinds.index("pen")
            del kinds[i], weights[i]
        w = np.array(weights) / sum(weights)
        return kinds[rng.choice(len(kinds), p=w)]

    def _maker(self, kind, rng):
        if kind == "mnist":
            sharpen = rng.uniform(0, 0.5) if rng.random() < 0.6 else 0.0
            return lambda d, h: _sharpen(_scale_to(self.mnist.glyph(d, rng), h), sharpen)
        if kind == "font":
            f = self.fonts.writer(rng)
            return lambda d, h: _scale_to(self.fonts.glyph(d, f), h)
        if kind == "hershey":
            font = glyphs.HERSHEY[rng.integers(len(glyphs.HERSHEY))]
            thick = int(rng.integers(1, 4))
            return lambda d, h: _scale_to(glyphs.hershey_glyph(d, font, thick, 48), h)
        writer = pen_digits.random_writer(rng, held_out=self.split == "heldout")
        return lambda d, h: pen_digits.render_digit(d, writer, rng, h)

    def tick_maker(self, rng):
        if pen_digits is not None and rng.random() < 0.6:
            writer = pen_digits.random_writer(rng, held_out=self.split == "heldout")
            return lambda h: pen_digits.render_tick(writer, rng, h)
        style = rng.integers(3)
        return lambda h: _simple_tick(style, h, rng)


# --- glyphs and numbers ------------------------------------------------------

def _scale_to(g, h):
    h = max(h, 3.0)
    s = h / g.shape[0]
    w = max(1, int(round(g.shape[1] * s)))
    return cv2.resize(g, (w, max(1, int(round(h)))), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)


def _bend(g, rng, amount, width):
    """The glyph `g` as another hand might draw it: `width` times as wide, then
    bent by a smooth random field (a 4 x 4 grid of control points, each moved
    by `amount` of the glyph's height (sd), interpolated between)."""
    h, w = g.shape
    if abs(width - 1) > 0.02:
        g = cv2.resize(g, (max(1, int(round(w * width))), h), interpolation=cv2.INTER_LINEAR)
    if amount <= 0:
        return g
    pad = int(math.ceil(3 * amount * h)) + 1
    g = cv2.copyMakeBorder(g, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    H, W = g.shape
    field = rng.normal(0, amount * h, (2, 4, 4)).astype(np.float32)
    dx = cv2.resize(field[0], (W, H), interpolation=cv2.INTER_CUBIC)
    dy = cv2.resize(field[1], (W, H), interpolation=cv2.INTER_CUBIC)
    xs, ys = np.meshgrid(np.arange(W, dtype=np.float32), np.arange(H, dtype=np.float32))
    out = cv2.remap(g, xs + dx, ys + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    c = glyphs._crop(out)
    return c if c is not None else g


def _sharpen(g, t):
    if t <= 0:
        return g
    return np.clip((g - t) / (1 - t) * 1.2, 0, 1).astype(np.float32)


def _simple_tick(style, h, rng):
    s = 4
    H = max(int(h * s), 8)
    W = H
    img = np.zeros((H + 8 * s, W + 8 * s), np.uint8)
    t = max(1, int(h * s * rng.uniform(0.06, 0.14)))
    o = 4 * s
    if style == 0:  # check mark
        pts = [(o, o + int(0.55 * H)), (o + int(0.35 * W), o + H), (o + int(0.9 * W), o)]
        cv2.polylines(img, [np.array(pts, np.int32)], False, 255, t, cv2.LINE_AA)
    elif style == 1:  # slash
        cv2.line(img, (o + int(0.1 * W), o + H), (o + int(0.7 * W), o), 255, t, cv2.LINE_AA)
    else:  # tally bar
        x = o + int(0.3 * W + rng.uniform(-0.1, 0.1) * W)
        cv2.line(img, (x, o + H), (x + int(rng.uniform(-0.15, 0.15) * H), o), 255, t, cv2.LINE_AA)
    small = cv2.resize(img, (img.shape[1] // s, img.shape[0] // s), interpolation=cv2.INTER_AREA)
    return glyphs._crop(small.astype(np.float32) / 255)


def _shear(cov, k):
    """Slant: top leans right by k (shear)."""
    if abs(k) < 1e-3:
        return cov
    h, w = cov.shape
    extra = int(math.ceil(abs(k) * h)) + 1
    M = np.float32([[1, -k, (k * h if k > 0 else 0) + 0.5], [0, 1, 0]])
    return cv2.warpAffine(cov, M, (w + extra, h), flags=cv2.INTER_LINEAR, borderValue=0)


def _rotate(cov, deg):
    if abs(deg) < 0.2:
        return cov
    h, w = cov.shape
    c = (w / 2, h / 2)
    M = cv2.getRotationMatrix2D(c, deg, 1.0)
    cos, sin = abs(M[0, 0]), abs(M[0, 1])
    nw, nh = int(h * sin + w * cos) + 2, int(h * cos + w * sin) + 2
    M[0, 2] += nw / 2 - c[0]
    M[1, 2] += nh / 2 - c[1]
    return cv2.warpAffine(cov, M, (nw, nh), flags=cv2.INTER_LINEAR, borderValue=0)


def compose_number(text, make_digit, digit_h, rng, spacing=None, slant=0.0):
    """The digits of `text` side by side as one coverage image: per-digit size,
    rotation and baseline jitter, the writer's spacing (negative: touching or
    overlapping), the writer's slant."""
    if spacing is None:
        spacing = rng.uniform(-0.3, 0.55) if rng.random() < 0.75 else rng.uniform(-0.5, -0.2)
    pieces = []
    for ch in text:
        h = digit_h * float(np.clip(rng.normal(1, 0.06), 0.8, 1.2))
        g = make_digit(int(ch), h)
        g = _rotate(g, rng.normal(0, 3))
        pieces.append((g, rng.normal(0, 0.05 * digit_h)))
    gap = spacing * digit_h * 0.35
    total_w = sum(g.shape[1] for g, _ in pieces) + gap * (len(pieces) - 1)
    H = int(max(g.shape[0] for g, _ in pieces) + 0.3 * digit_h + 4)
    W = int(max(total_w, 1) + 4 + 2 * max(0, -gap))
    canvas = np.zeros((H, W + 8), np.float32)
    x = 2.0 + max(0, -gap)
    drift = rng.normal(0, 0.04)
    for i, (g, dy) in enumerate(pieces):
        gh, gw = g.shape
        y = int(round((H - gh) / 2 + dy + drift * i * digit_h))
        y = min(max(y, 0), H - gh)
        xi = int(round(x))
        xi = min(max(xi, 0), canvas.shape[1] - gw)
        np.maximum(canvas[y:y + gh, xi:xi + gw], g, out=canvas[y:y + gh, xi:xi + gw])
        x += gw + gap
    out = glyphs._crop(canvas)
    if out is None:
        out = canvas
    return _shear(out, slant)


# --- drawing on the page -------------------------------------------------------

def _stamp(ink, cov, x, y):
    """max-combines coverage `cov` into `ink` with its top-left at (x, y), clipped."""
    h, w = cov.shape
    H, W = ink.shape
    x0, y0 = int(round(x)), int(round(y))
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if ax0 >= ax1 or ay0 >= ay1:
        return
    np.maximum(ink[ay0:ay1, ax0:ax1], cov[ay0 - y0:ay1 - y0, ax0 - x0:ax1 - x0], out=ink[ay0:ay1, ax0:ax1])


def _stroke_cov(shape, polylines, width):
    """Anti-aliased strokes drawn at 4x and brought down: coverage."""
    s = 4
    H, W = shape
    img = np.zeros((H * s, W * s), np.uint8)
    for pts in polylines:
        p = np.round(np.asarray(pts, np.float64) * s * 16).astype(np.int32)
        cv2.polylines(img, [p], False, 255, max(1, int(round(width * s))), cv2.LINE_AA, shift=4)
    return cv2.resize(img, (W, H), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def _cross_strokes(kind, x0, y0, x1, y1, rng):
    """Pen paths striking out the area (x0, y0)-(x1, y1)."""
    w, h = x1 - x0, y1 - y0

    def j(v, s):
        return v + rng.normal(0, s)

    if kind == "x":
        return [[(j(x0, 0.05 * w), j(y0, 0.06 * h)), (j(x1, 0.05 * w), j(y1, 0.06 * h))],
                [(j(x0, 0.05 * w), j(y1, 0.06 * h)), (j(x1, 0.05 * w), j(y0, 0.06 * h))]]
    if kind == "diagonal":
        return [[(j(x0, 0.05 * w), j(y1, 0.06 * h)), (j(x1, 0.05 * w), j(y0, 0.06 * h))]]
    if kind == "dash":
        yc = y0 + h * rng.uniform(0.35, 0.65)
        return [[(j(x0, 0.04 * w), j(yc, 0.04 * h)), (j(x1, 0.04 * w), j(yc, 0.04 * h))]]
    # scribble: a zigzag back and forth over the area
    n = int(rng.integers(5, 12))
    pts = []
    for i in range(n):
        t = i / (n - 1)
        pts.append((x0 + w * (t if rng.random() < 0.5 else rng.uniform(0, 1)) * 1.0,
                    y0 + h * (0.15 if i % 2 == 0 else 0.85) + rng.normal(0, 0.06 * h)))
    pts.sort(key=lambda p: p[0]) if rng.random() < 0.5 else None
    return [pts]


class Page:
    """The area around one box at capture resolution: paper, printing, ink."""

    def __init__(self, rng, box_h, aspect):
        self.h = box_h
        self.w = box_h * aspect
        self.pad_x = 0.8 * box_h
        self.pad_y = 0.8 * box_h
        self.W = int(math.ceil(self.w + 2 * self.pad_x))
        self.H = int(math.ceil(self.h + 2 * self.pad_y))
        self.box = (self.pad_x, self.pad_y, self.w, self.h)
        self.paper = np.full((self.H, self.W), rng.uniform(215, 255), np.float32)
        self.ink = np.zeros((self.H, self.W), np.float32)  # coverage of this box's writing
        self.other_ink = np.zeros((self.H, self.W), np.float32)  # neighbours' writing, strays


def _print_background(page, rng):
    """Tints, stripes, shading, a header bar, printed grain: all printed before the lines."""
    x, y, w, h = page.box
    P = page.paper
    base = P[0, 0]
    r = rng.random()
    if r < 0.25:  # a tinted column, through the whole height
        level = rng.uniform(140, 235) / 255
        x0 = x - rng.uniform(0, 0.1) * h
        x1 = x + w + rng.uniform(0, 0.1) * h
        P[:, int(max(x0, 0)):int(x1)] *= level
    elif r < 0.45:  # striped rows: this row or its neighbours shaded
        level = rng.uniform(160, 240) / 255
        if rng.random() < 0.5:
            P[int(y):int(y + h), :] *= level
        else:
            P[:int(y), :] *= level
            P[int(y + h):, :] *= level
    elif r < 0.52:  # a header bar's edge above, below or beside the box
        level = rng.uniform(30, 140) / 255
        side = rng.integers(4)
        if side == 0:
            P[:int(y), :] *= level
        elif side == 1:
            P[int(y + h):, :] *= level
        elif side == 2:
            P[:, :int(x)] *= level
        else:
            P[:, int(x + w):] *= level
    if rng.random() < 0.12:  # the whole box shaded (a shaded total row)
        P[int(y):int(y + h), int(x):int(x + w)] *= rng.uniform(170, 235) / 255
    if rng.random() < 0.08:  # printed halftone grain
        period = max(2, int(rng.integers(2, 5)))
        yy, xx = np.mgrid[0:page.H, 0:page.W]
        dots = ((yy % period == 0) & (xx % period == 0)).astype(np.float32)
        P *= 1 - dots * rng.uniform(0.05, 0.25)
    if rng.random() < 0.3:  # paper texture
        P *= 1 - np.abs(rng.normal(0, 0.015, P.shape)).astype(np.float32)
    del base


def _print_lines(page, rng, ruled):
    """The grid's ruled lines around the box (and beyond it, the grid goes on)."""
    x, y, w, h = page.box
    P = page.paper
    if not ruled:
        return
    level = rng.uniform(0, 170) if rng.random() < 0.8 else rng.uniform(120, 210)
    thick = max(0.6, h * rng.uniform(0.01, 0.07))
    double = rng.random() < 0.08
    dotted = rng.random() < 0.05
    tilt = rng.normal(0, 0.006)
    lines = np.zeros_like(P)
    s = 4
    big = np.zeros((page.H * s, page.W * s), np.uint8)

    def seg(p0, p1, t):
        if dotted:
            n = int(np.hypot(p1[0] - p0[0], p1[1] - p0[1]) / max(2 * t, 3)) + 1
            for i in range(0, n, 2):
                a = (p0[0] + (p1[0] - p0[0]) * i / n, p0[1] + (p1[1] - p0[1]) * i / n)
                b = (p0[0] + (p1[0] - p0[0]) * (i + 1) / n, p0[1] + (p1[1] - p0[1]) * (i + 1) / n)
                _line(big, a, b, t, s)
        else:
            _line(big, p0, p1, t, s)

    sides_missing = [rng.random() < 0.1 for _ in range(4)]
    if rng.random() < 0.1:  # an open table: no vertical lines at all
        sides_missing[2] = sides_missing[3] = True
    off = lambda: rng.normal(0, 0.02 * h)  # noqa: E731  a line a little off the box the grid gave
    for k, yy in enumerate([y, y + h]):
        if sides_missing[k]:
            continue
        yy += off()
        for dd in ([0, rng.uniform(2, 4) * thick] if double else [0]):
            seg((0, yy + dd - tilt * page.W / 2), (page.W, yy + dd + tilt * page.W / 2), thick)
    for k, xx in enumerate([x, x + w]):
        if sides_missing[2 + k]:
            continue
        xx += off()
        for dd in ([0, rng.uniform(2, 4) * thick] if double else [0]):
            seg((xx + dd + tilt * page.H / 2, 0), (xx + dd - tilt * page.H / 2, page.H), thick)
    lines = cv2.resize(big, (page.W, page.H), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    if rng.random() < 0.3:
        lines = cv2.GaussianBlur(lines, (0, 0), rng.uniform(0.4, 1.2))
    P *= 1 - lines * (1 - level / 255)


def _line(big, p0, p1, t, s):
    a = (int(round(p0[0] * s * 16)), int(round(p0[1] * s * 16)))
    b = (int(round(p1[0] * s * 16)), int(round(p1[1] * s * 16)))
    cv2.line(big, a, b, 255, max(1, int(round(t * s))), cv2.LINE_AA, shift=4)


def _number_text(rng, length=None):
    if length is None:
        length = int(rng.choice([1, 2, 3, 4], p=[0.27, 0.4, 0.28, 0.05]))
    if length == 1:
        return str(int(rng.integers(0, 10)))
    first = str(int(rng.integers(1, 10)))
    return first + "".join(str(int(rng.integers(0, 10))) for _ in range(length - 1))


def _place(page, rng, cov, where="centre", overrun=False):
    """Top-left corner for `cov` in the box: centred with the writer's offset, or
    pushed to one end; sometimes over the line into the box above or below."""
    x, y, w, h = page.box
    ch, cw = cov.shape
    if where == "left":
        cx = x + rng.uniform(0.05, 0.3) * w
    elif where == "right":
        cx = x + w - rng.uniform(0.05, 0.3) * w - cw
    elif rng.random() < ANYWHERE and w - cw > 0.04 * w:  # a long box: written at one end or anywhere
        cx = x + rng.uniform(0.02 * w, w - cw - 0.02 * w)
    else:
        cx = x + (w - cw) / 2 + rng.normal(0, 0.12) * max(w - cw, 0.2 * w)
    cy = y + (h - ch) / 2 + rng.normal(0, 0.1) * h
    reach = OVERRUN if overrun else 0.08  # how far past the top or bottom line the ink may go, share of h
    if overrun:
        cy += (1 if rng.random() < 0.5 else -1) * rng.uniform(0.2, 0.45) * h
    if ch <= h * (1 + 2 * reach):
        cy = min(max(cy, y - reach * h), y + h + reach * h - ch)
    else:
        cy = y + (h - ch) / 2
    return cx, cy


def _write_number(page, rng, make_digit, text, slant, size=None, fit_w=None, where="centre", overrun=False):
    x, y, w, h = page.box
    if size is None:
        size = rng.uniform(0.25, 1.15) if rng.random() < 0.85 else rng.uniform(0.5, 0.8)
    digit_h = max(size * h, MIN_DIGIT_PX)
    cov = compose_number(text, make_digit, digit_h, rng, slant=slant)
    limit = (fit_w if fit_w is not None else w) * rng.uniform(0.75, 1.12)
    if cov.shape[1] > limit:  # people write smaller when the number does not fit
        f = limit / cov.shape[1]
        cov = cv2.resize(cov, (max(1, int(cov.shape[1] * f)), max(1, int(cov.shape[0] * f))),
                         interpolation=cv2.INTER_AREA)
    cx, cy = _place(page, rng, cov, where, overrun)
    if where != "centre":  # beside ticks or a struck-out number: inside the box, not over the line
        cx = min(max(cx, x + 0.02 * w), x + w * 0.98 - cov.shape[1])
    _stamp(page.ink, cov, cx, cy)
    return cx, cy, cov.shape[1], cov.shape[0]


def _content(page, rng, src, make_digit, slant, pen_w):
    """Writes what the box holds; returns the label (state, digits, ticks)."""
    x, y, w, h = page.box
    r = rng.random()
    overrun = rng.random() < 0.08
    if r < 0.22:
        return "empty", "", 0
    if r < 0.70:
        text = _number_text(rng)
        if rng.random() < 0.07:  # a correction: struck through, the right one beside or above
            wrong = _number_text(rng, len(text))
            half = w * 0.48
            bx, by, bw, bh = _write_number(page, rng, make_digit, wrong, slant, size=rng.uniform(0.4, 0.75),
                                           fit_w=half, where="left")
            kind = rng.choice(["dash", "x", "scribble", "diagonal"], p=[0.45, 0.2, 0.2, 0.15])
            strokes = _cross_strokes(kind, bx - 0.05 * bw, by, bx + bw * 1.05, by + bh, rng)
            np.maximum(page.ink, _stroke_cov(page.ink.shape, strokes, pen_w), out=page.ink)
            _write_number(page, rng, make_digit, text, slant, size=rng.uniform(0.4, 0.75), fit_w=half,
                          where="right")
        else:
            _write_number(page, rng, make_digit, text, slant, overrun=overrun)
        return "number", text, 0
    if r < 0.82:
        kind = rng.choice(["x", "diagonal", "dash", "scribble"], p=[0.35, 0.2, 0.3, 0.15])
        if rng.random() < 0.15:  # a number struck out and nothing written for it
            bx, by, bw, bh = _write_number(page, rng, make_digit, _number_text(rng), slant)
            # The stroke runs past the number it strikes: one lying along a
            # slanted 1 or 9 would strike nothing a reader could see.
            px = rng.uniform(0.1, 0.35) * max(bw, 0.6 * h)
            x0, y0, x1, y1 = bx - px, by, bx + bw + px, by + bh
        else:
            # A box is struck out across itself: a stroke spanning a third of
            # it is a 1 or a slash, not a crossing-out, and must not be taught
            # as one. Only an X (two strokes, never a digit) may stay narrow in
            # a long box.
            fx, fy = rng.uniform(CROSS_MIN_SPAN, 0.96), rng.uniform(0.45, 0.95)
            if kind == "dash":
                fx, fy = rng.uniform(CROSS_MIN_SPAN, 0.96), rng.uniform(0.05, 0.3)
            cx = x + w / 2 + rng.normal(0, 0.06) * w
            cy = y + h / 2 + rng.normal(0, 0.08) * h
            x0, x1 = cx - fx * w / 2, cx + fx * w / 2
            y0, y1 = cy - fy * h / 2, cy + fy * h / 2
            if kind == "x" and (x1 - x0) > 2.5 * (y1 - y0) and rng.random() < 0.5:
                x0, x1 = cx - 1.2 * (y1 - y0), cx + 1.2 * (y1 - y0)
        strokes = _cross_strokes(kind, x0, y0, x1, y1, rng)
        np.maximum(page.ink, _stroke_cov(page.ink.shape, strokes, pen_w), out=page.ink)
        return "crossed", "", 0
    # ticks, alone or beside points
    n = int(rng.choice([1, 2, 3, 4, 5, 6], p=[0.45, 0.25, 0.13, 0.08, 0.05, 0.04]))
    tick = src.tick_maker(rng)
    with_points = rng.random() < 0.5
    tick_h = h * rng.uniform(0.35, 0.9)
    marks = [tick(tick_h) for _ in range(n)]
    gap = tick_h * rng.uniform(0.05, 0.5)
    total = sum(m.shape[1] for m in marks) + gap * (n - 1)
    limit = w * (0.45 if with_points else 0.9)
    if total > limit:
        f = limit / total
        marks = [cv2.resize(m, (max(1, int(m.shape[1] * f)), max(1, int(m.shape[0] * f))),
                            interpolation=cv2.INTER_AREA) for m in marks]
        gap *= f
    ticks_left = rng.random() < 0.75
    tx = x + (rng.uniform(0.03, 0.1) * w if (with_points and ticks_left) else
              (w - min(total, limit)) * (rng.uniform(0.85, 0.97) if with_points else rng.uniform(0.2, 0.8)))
    for m in marks:
        ty = y + (h - m.shape[0]) / 2 + rng.normal(0, 0.08) * h
        _stamp(page.ink, m, tx, ty)
        tx += m.shape[1] + gap
    if not with_points:
        return "ticks", "", n
    text = str(int(rng.choice([50, 100, 100, 100, 150, 200, 200, 300, 400, 500])) * n
               if rng.random() < 0.5 else int(rng.choice([50, 100, 150, 200, 300, 400, 500])))
    _write_number(page, rng, make_digit, text, slant, size=rng.uniform(0.4, 0.8), fit_w=w * 0.45,
                  where="right" if ticks_left else "left")
    return "ticks_points", text, n


def _neighbours(page, rng, make_digit, slant):
    """Writing in the boxes around it: only its edges reach the crop's margins."""
    x, y, w, h = page.box
    for side in range(4):
        if rng.random() > 0.3:
            continue
        cov = compose_number(_number_text(rng), make_digit, h * rng.uniform(0.5, 0.9), rng, slant=slant)
        ch, cw = cov.shape
        if side == 0:  # above: its bottom a little above our top line
            px, py = x + rng.uniform(0, max(w - cw, 1)), y - ch - rng.uniform(0.05, 0.4) * h
        elif side == 1:
            px, py = x + rng.uniform(0, max(w - cw, 1)), y + h + rng.uniform(0.05, 0.4) * h
        elif side == 2:  # left: its right end a little left of our left line
            px, py = x - cw - rng.uniform(0.04, 0.3) * h, y + (h - ch) / 2
        else:
            px, py = x + w + rng.uniform(0.04, 0.3) * h, y + (h - ch) / 2
        _stamp(page.other_ink, cov, px, py)
    if rng.random() < 0.15:  # specks and dust
        for _ in range(int(rng.integers(1, 4))):
            r = max(0.5, rng.uniform(0.01, 0.03) * h)
            cx, cy = rng.uniform(0, page.W), rng.uniform(0, page.H)
            cv2.circle(page.other_ink, (int(cx), int(cy)), int(math.ceil(r)), 1.0, -1)


def _pen(rng):
    """Gray level of the pen's ink (0 black) and whether it is a pencil."""
    r = rng.random()
    if r < 0.35:
        return rng.uniform(10, 60), False  # black ballpoint or felt tip
    if r < 0.65:
        return rng.uniform(50, 120), False  # blue
    if r < 0.75:
        return rng.uniform(70, 140), False  # red
    return rng.uniform(80, 170), True  # pencil


def _lay_ink(page, cov, level, pencil, rng):
    if pencil:
        grain = np.clip(rng.normal(1, 0.15, cov.shape), 0.5, 1.2).astype(np.float32)
        cov = np.clip(cov * grain, 0, 1)
    page.paper *= 1 - cov * (1 - level / 255.0)


def _capture(img, rng, box_h):
    """Light, blur, resolution, noise, copying and JPEG, as a camera or a copier gives them."""
    H, W = img.shape
    if rng.random() < 0.5:  # uneven light
        gx, gy = rng.normal(0, 0.1, 2)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        img = img * np.clip(1 + gx * (xx / W - 0.5) + gy * (yy / H - 0.5), 0.6, 1.2)
    if rng.random() < 0.12:  # curl shading: a soft dark band
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        c, s = rng.uniform(0, W), rng.uniform(0.2, 1.0) * W
        img = img * (1 - rng.uniform(0.1, 0.45) * np.exp(-((xx - c) / s) ** 2))
    if rng.random() < 0.6:
        img = cv2.GaussianBlur(img, (0, 0), min(rng.uniform(0.3, 1.3), MAX_BLUR * box_h))
    if rng.random() < 0.08:  # motion blur
        k = int(rng.integers(3, 7))
        kern = np.zeros((k, k), np.float32)
        a = rng.uniform(0, math.pi)
        c = (k - 1) / 2
        cv2.line(kern, (int(c - c * math.cos(a)), int(c - c * math.sin(a))),
                 (int(c + c * math.cos(a)), int(c + c * math.sin(a))), 1.0, 1)
        img = cv2.filter2D(img, -1, kern / max(kern.sum(), 1))
    if rng.random() < 0.3:  # a low-resolution camera, brought back up by the rectification
        f = rng.uniform(max(0.4, 14.0 / box_h), 0.85)
        small = cv2.resize(img, (max(4, int(W * f)), max(4, int(H * f))), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (W, H), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.1:  # a photocopy: contrast up, speckle
        lo, hi = rng.uniform(30, 90), rng.uniform(190, 240)
        img = np.clip((img - lo) / (hi - lo) * 255, 0, 255)
        n = int(rng.integers(3, 40))
        ys, xs = rng.integers(0, H, n), rng.integers(0, W, n)
        img[ys, xs] = rng.uniform(0, 120, n)
    img = img + rng.normal(0, rng.uniform(0, 7), img.shape)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 96))])
        out = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    return out


def make_box(seed, sources):
    """The model input (box_input.HEIGHT x WIDTH uint8, ink 255) of a random box and its label
    {"state", "digits", "ticks", "source"}."""
    rng = np.random.default_rng(seed)
    box_h = float(np.exp(rng.uniform(np.log(18), np.log(100))))
    aspect = float(np.exp(rng.uniform(np.log(1.0), np.log(MAX_ASPECT))))
    page = Page(rng, box_h, aspect)
    _print_background(page, rng)
    _print_lines(page, rng, ruled=rng.random() < 0.95)
    kind, make_digit = sources.hand(rng)
    slant = float(np.clip(rng.normal(0.08, 0.15), -0.3, 0.45))
    pen_w = max(0.6, box_h * rng.uniform(0.03, 0.1))
    state, digits, ticks = _content(page, rng, sources, make_digit, slant, pen_w)
    _neighbours(page, rng, make_digit, slant)
    level, pencil = _pen(rng)
    # Ink that a person can see on this paper: at most 70% of the box's paper level.
    x, y, w, h = page.box
    level = min(level, 0.7 * float(np.median(page.paper[int(y):int(y + h), int(x):int(x + w)])))
    if rng.random() < 0.2:  # felt tip or heavy hand: thicker strokes
        k = max(1, int(round(box_h * rng.uniform(0.005, 0.02))))
        page.ink = cv2.dilate(page.ink, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1)))
    _lay_ink(page, np.clip(page.ink, 0, 1), level, pencil, rng)
    _lay_ink(page, np.clip(page.other_ink, 0, 1), rng.uniform(10, 140), False, rng)
    img = _capture(page.paper, rng, box_h)
    x, y, w, h = page.box
    j = 0.04 * h  # the grid's estimate of the box is a little off
    rect = (x + rng.normal(0, j), y + rng.normal(0, j), w * (1 + rng.normal(0, 0.03)), h * (1 + rng.normal(0, 0.04)))
    inp = box_input.box_input(img, rect)
    return np.round(inp * 255).astype(np.uint8), {"state": state, "digits": digits, "ticks": ticks, "source": kind}
