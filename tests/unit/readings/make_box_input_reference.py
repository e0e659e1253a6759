#!/usr/bin/python3
"""Writes tests/data/box_input_reference.f32: testkit/cells/box_input.py's
output for a few boxes of a synthetic page, which box_input_test.cpp rebuilds
in C++ (same formula, same cv2 drawing calls) and requires to match exactly.

Run with /usr/bin/python3 (numpy, cv2 4.6, the same OpenCV the C++ side links):
    /usr/bin/python3 tests/unit/readings/make_box_input_reference.py

File layout, little-endian float32, one record per box and input shape
(32 x 128, the first models', and 48 x 192, box_input.py's own):
    x, y, w, h, rows, columns, then rows * columns input values, row-major.
"""

import os
import sys

import cv2
import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "testkit", "cells"))
import box_input  # noqa: E402

PAGE_W, PAGE_H = 320, 200


def synthetic_page():
    """Integer-only tint and stripes, ruled lines and digits drawn with cv2:
    box_input_test.cpp's SyntheticPage() draws the same pixels."""
    ys, xs = np.mgrid[0:PAGE_H, 0:PAGE_W]
    page = (170 + (xs * 7 + ys * 13) % 61 + (xs // 9) % 3 * 8).astype(np.uint8)
    for x in range(20, PAGE_W, 60):
        cv2.line(page, (x, 0), (x, PAGE_H - 1), 40, 1)
    for y in range(15, PAGE_H, 45):
        cv2.line(page, (0, y), (PAGE_W - 1, y), 60, 2)
    cv2.putText(page, "17", (30, 50), cv2.FONT_HERSHEY_SIMPLEX, 1.1, 20, 2, cv2.LINE_AA)
    cv2.putText(page, "305", (95, 100), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, 1.3, 35, 2, cv2.LINE_AA)
    cv2.putText(page, "8", (-6, 190), cv2.FONT_HERSHEY_SIMPLEX, 1.5, 10, 3, cv2.LINE_8)
    cv2.putText(page, "42", (270, 140), cv2.FONT_HERSHEY_DUPLEX, 1.0, 50, 1, cv2.LINE_AA)
    return page


# (x, y, w, h) in page pixels; all exactly representable as float32.
BOXES = [
    (20.5, 15.25, 60.0, 45.0),      # inside the page, a digit in it
    (-12.75, 140.5, 40.25, 52.0),   # off the left and bottom edges
    (262.0, -8.5, 70.0, 30.0),      # off the top and right edges
    (150.25, 60.75, 3.0, 4.5),      # tiny: the crop is scaled up
    (10.0, 60.0, 300.0, 20.0),      # very wide: resized to all the columns
    (100.0, 100.5, 3.0, 45.0),      # crop 17 x 64: 8.5 columns, rounded half to even (8)
]


def main():
    page = synthetic_page()
    out = []
    for rows, columns in ((32, 128), (box_input.HEIGHT, box_input.WIDTH)):
        for box in BOXES:
            rect = tuple(float(np.float32(v)) for v in box)
            x0, y0, x1, y1 = box_input.crop_rect(*rect)
            print(box, "crop", x1 - x0, "x", y1 - y0, "->",
                  box_input.resized_width(x1 - x0, y1 - y0, rows, columns), "of", columns, "columns")
            out.append(np.asarray(rect + (rows, columns), np.float32))
            out.append(box_input.box_input(page, rect, rows, columns).ravel())
    path = os.path.join(ROOT, "tests", "data", "box_input_reference.f32")
    np.concatenate(out).astype("<f4").tofile(path)
    print("wrote", path)


if __name__ == "__main__":
    main()
