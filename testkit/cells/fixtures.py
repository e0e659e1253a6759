#!/usr/bin/env python3
"""The box reader's committed fixture boxes (issue 62): one page region each,
drawn with held-out handwriting (glyphs.py's heldout split: digits, fonts and
a pen family the reader never trained on), as a scan gives them.

  /usr/bin/python3 testkit/cells/fixtures.py tests/data/boxes

writes <name>.png (grey page) and boxes.json: for each, the box in page
pixels, the row it is in, and what is written there. The C++ test
tests/unit/readings/box_fixtures_test.cpp reads them with models/cells.onnx.
"""

import json
import os
import sys

import cv2
import numpy as np

import cell_synth as cs

BOX_H = 56.0    # box height, px: a 7 mm box scanned at 8 px/mm
ASPECT = 2.6    # box width / height


def _page(rng, src, shade=None, tint=None):
    page = cs.Page(rng, BOX_H, ASPECT)
    page.paper[:] = 246
    x, y, w, h = page.box
    if shade is not None:  # the box's row shaded
        page.paper[int(y):int(y + h), :] *= shade / 255
    if tint is not None:  # the box's column tinted
        page.paper[:, int(x):int(x + w)] *= tint / 255
    cs._print_lines(page, np.random.default_rng(7), ruled=True)
    return page


def _finish(page, rng, level=40):
    cs._lay_ink(page, np.clip(page.ink, 0, 1), level, False, rng)
    cs._lay_ink(page, np.clip(page.other_ink, 0, 1), 50, False, rng)
    img = cv2.GaussianBlur(page.paper, (0, 0), 0.6)
    return np.clip(img, 0, 255).astype(np.uint8)


def _strokes(page, paths, width):
    np.maximum(page.ink, cs._stroke_cov(page.ink.shape, paths, width), out=page.ink)


def make(out):
    os.makedirs(out, exist_ok=True)
    src = cs.Sources("heldout")
    cases = {}

    def hand(seed):
        rng = np.random.default_rng(seed)
        while True:  # a held-out pen writer, for a clear, unseen hand
            kind, make_digit = src.hand(rng)
            if kind == "pen":
                return rng, make_digit

    # A shaded empty box: the row printed grey, nothing written.
    rng = np.random.default_rng(11)
    page = _page(rng, src, shade=185)
    cases["shaded_empty"] = (page, _finish(page, rng), "entry", {"status": "empty"})

    # A tinted empty box, the next boxes written in (their ink reaches the margins).
    rng, make_digit = hand(12)
    page = _page(rng, src, tint=205)
    x, y, w, h = page.box
    cov = cs.compose_number("27", make_digit, 0.7 * h, rng, spacing=0.2, slant=0.1)
    cs._stamp(page.other_ink, cov, x + 0.3 * w, y - cov.shape[0] - 0.15 * h)
    cases["tinted_empty"] = (page, _finish(page, rng), "entry", {"status": "empty"})

    # An X across the box.
    rng = np.random.default_rng(13)
    page = _page(rng, src)
    x, y, w, h = page.box
    _strokes(page, [[(x + 0.3 * w, y + 0.15 * h), (x + 0.7 * w, y + 0.85 * h)],
                    [(x + 0.3 * w, y + 0.85 * h), (x + 0.7 * w, y + 0.12 * h)]], 3.0)
    cases["cross_x"] = (page, _finish(page, rng), "entry", {"status": "crossed"})

    # One long stroke through the box.
    rng = np.random.default_rng(14)
    page = _page(rng, src)
    x, y, w, h = page.box
    _strokes(page, [[(x + 0.12 * w, y + 0.55 * h), (x + 0.88 * w, y + 0.48 * h)]], 3.0)
    cases["cross_stroke"] = (page, _finish(page, rng), "entry", {"status": "crossed"})

    # A tick with 100 beside it, in a Yahtzee-bonus box.
    rng, make_digit = hand(15)
    page = _page(rng, src)
    x, y, w, h = page.box
    _strokes(page, [[(x + 0.08 * w, y + 0.5 * h), (x + 0.15 * w, y + 0.8 * h), (x + 0.28 * w, y + 0.2 * h)]], 3.0)
    cov = cs.compose_number("100", make_digit, 0.5 * h, rng, spacing=0.3, slant=0.1)
    cs._stamp(page.ink, cov, x + 0.38 * w, y + (h - cov.shape[0]) / 2)
    cases["tick_100"] = (page, _finish(page, rng), "bonus", {"status": "ticks", "ticks": 1, "points": 100})

    # 25 struck through, 30 written beside it.
    rng, make_digit = hand(16)
    page = _page(rng, src)
    x, y, w, h = page.box
    cov = cs.compose_number("25", make_digit, 0.55 * h, rng, spacing=0.25, slant=0.05)
    bx, by = x + 0.06 * w, y + (h - cov.shape[0]) / 2
    cs._stamp(page.ink, cov, bx, by)
    _strokes(page, [[(bx - 2, by + 0.55 * cov.shape[0]), (bx + cov.shape[1] + 2, by + 0.45 * cov.shape[0])]], 2.5)
    cov = cs.compose_number("30", make_digit, 0.55 * h, rng, spacing=0.25, slant=0.05)
    cs._stamp(page.ink, cov, x + 0.58 * w, y + (h - cov.shape[0]) / 2)
    cases["struck_rewritten"] = (page, _finish(page, rng), "entry", {"status": "number", "value": 30})

    # 18 written over the bottom line.
    rng, make_digit = hand(17)
    page = _page(rng, src)
    x, y, w, h = page.box
    cov = cs.compose_number("18", make_digit, 0.85 * h, rng, spacing=0.2, slant=0.1)
    cs._stamp(page.ink, cov, x + (w - cov.shape[1]) / 2, y + h + 0.12 * h - cov.shape[0])
    cases["touching_line"] = (page, _finish(page, rng), "entry", {"status": "number", "value": 18})

    index = {}
    for name, (page, img, row, want) in cases.items():
        cv2.imwrite(os.path.join(out, name + ".png"), img)
        index[name] = {"box": [round(v, 3) for v in page.box], "row": row, "want": want}
    with open(os.path.join(out, "boxes.json"), "w") as f:
        json.dump(index, f, indent=1)
    print(f"wrote {len(cases)} boxes to {out}")


if __name__ == "__main__":
    make(sys.argv[1] if len(sys.argv) > 1 else "tests/data/boxes")
