"""The box reader's input, made the same way as the scanner makes it.

A score box as found on the page (its rectangle between the ruled lines, in
page pixels) becomes the model's input in three steps, each mirrored exactly by
src/readings/box_input.cpp (the C++ side uses the same OpenCV functions, so the
two agree to the bit):

1. crop: the rectangle widened by MARGIN_X of its height on the left and right
   and MARGIN_Y of its height above and below (ink overruns borders; the
   neighbours' ruled lines stay in), rounded outwards to whole pixels; parts
   off the page are the page's edge pixels repeated (BORDER_REPLICATE);
2. resize with INTER_AREA to HEIGHT rows and round(width * HEIGHT / height)
   columns (at least MIN_WIDTH, at most WIDTH); the rest of the WIDTH columns
   are paper (HEIGHT and WIDTH are the model's: a model's card says which it
   was trained on, and the scanner takes them from there);
3. ink: each pixel's darkness below the crop's own paper level, the
   PAPER_PERCENTILE-th percentile of the resized crop: 1 - v / paper, clipped
   to 0..1 (paper and anything lighter 0, black 1).

No ink mask, no line removal: the box's tint, stripes, shading and the remnants
of its ruled lines reach the model as they are.
"""

import math

import cv2
import numpy as np

HEIGHT = 48           # model input rows, px: a digit a quarter of the box tall is still 8 px
WIDTH = 192           # model input columns, px (4 x HEIGHT: a 1-4 digit number in a box up to 4.5 : 1)
MIN_WIDTH = 8         # narrowest resized crop, px
MARGIN_X = 0.15       # crop beyond the left and right lines, share of the box height
MARGIN_Y = 0.20       # crop beyond the top and bottom lines, share of the box height
PAPER_PERCENTILE = 90  # the crop's paper level: this percentile of its resized pixels


def crop_rect(x, y, w, h):
    """Integer crop (x0, y0, x1, y1), half-open, of the box (x, y, w, h) in page pixels."""
    mx, my = MARGIN_X * h, MARGIN_Y * h
    return (math.floor(x - mx), math.floor(y - my), math.ceil(x + w + mx), math.ceil(y + h + my))


def cut_out(gray, x0, y0, x1, y1):
    """The page's pixels in [x0, x1) x [y0, y1), edge pixels repeated off the page."""
    H, W = gray.shape
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if cx0 >= cx1 or cy0 >= cy1:
        return np.full((y1 - y0, x1 - x0), 255, np.uint8)
    inside = gray[cy0:cy1, cx0:cx1]
    return cv2.copyMakeBorder(inside, cy0 - y0, y1 - cy1, cx0 - x0, x1 - cx1, cv2.BORDER_REPLICATE)


def resized_width(crop_w, crop_h, height=HEIGHT, width=WIDTH):
    return int(min(width, max(MIN_WIDTH, round(crop_w * height / crop_h))))


def paper_level(patch):
    """The PAPER_PERCENTILE-th percentile of a uint8 patch: the smallest v with at
    least that share of pixels <= v (counted on the histogram, as in C++)."""
    hist = np.bincount(patch.ravel(), minlength=256)
    need = math.ceil(patch.size * PAPER_PERCENTILE / 100.0)
    return int(np.searchsorted(np.cumsum(hist), need))


def box_input(gray, rect, height=HEIGHT, width=WIDTH):
    """Model input (height x width float32, ink 0..1) of the box `rect` = (x, y, w, h)
    on the uint8 gray page `gray`."""
    x0, y0, x1, y1 = crop_rect(*rect)
    crop = cut_out(gray, x0, y0, x1, y1)
    tw = resized_width(x1 - x0, y1 - y0, height, width)
    patch = cv2.resize(crop, (tw, height), interpolation=cv2.INTER_AREA)
    paper = max(paper_level(patch), 1)
    out = np.zeros((height, width), np.float32)
    out[:, :tw] = np.clip(1.0 - patch.astype(np.float32) / np.float32(paper), 0.0, 1.0)
    return out
