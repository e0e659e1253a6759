#!/usr/bin/env python3
"""Fits the doubt model (src/readings/doubt_model.h): the probability that a
read box of a card is right, from the measures scan/cell_doubt.h computes.

Input: CSV files written by `build/eval CORPUS --dump-doubt FILE` on synthetic
corpora made from development seeds (never the reserved ones of
tools/corpus/SEEDS.md). Each row is one read, non-empty box of a found grid:
its measures, whether the scan flagged it (UNCERTAIN_READ) and whether it was
read right.

Cards are split by name into a fitting part and a measuring part
(--measure-share); the model is a logistic regression with an L2 penalty,
fitted by Newton's method on the fitting part. The measuring part gives the
figures written into the model's card: log loss, calibration error, the
reliability table, and for review thresholds the cells flagged and the wrong
cells left unflagged (silent), beside what the scan flagged without the model.
The card's `review_below` is the lowest of those thresholds that lets no more
wrong boxes through unflagged than the scan did without the model (a value
the rules chose is flagged at any threshold, as the scanner does): the
scanner's kReviewBelow (src/verify/verify.h) must be that number.

Pure Python (no numpy): a few tens of thousands of boxes fit in a minute.
"""

import argparse
import csv
import hashlib
import json
import math
import sys

META = ("card", "profile", "kind")
LABELS = ("flagged", "right")


def read_rows(paths):
    names, rows = None, []
    for path in paths:
        with open(path, newline="") as f:
            reader = csv.reader(f)
            header = next(reader)
            features = header[len(META):-len(LABELS)]
            if names is None:
                names = features
            if features != names:
                sys.exit(f"{path}: its measures differ from {paths[0]}'s")
            for r in reader:
                card = path + ":" + r[0]
                x = [float(v) for v in r[len(META):-len(LABELS)]]
                rows.append((card, r[1], r[2], x, int(r[-2]), int(r[-1])))
    return names, rows


def in_measure_part(card, share):
    h = int(hashlib.sha1(card.encode()).hexdigest()[:8], 16)
    return h / 0xFFFFFFFF < share


def standardise(rows, n):
    mean = [sum(r[3][i] for r in rows) / len(rows) for i in range(n)]
    scale = []
    for i in range(n):
        var = sum((r[3][i] - mean[i]) ** 2 for r in rows) / len(rows)
        scale.append(math.sqrt(var) if var > 1e-12 else 1.0)
    return mean, scale


def solve(a, b):
    """Solves a x = b (a symmetric positive definite) by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in reversed(range(n)):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def sigmoid(z):
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def fit(z_rows, labels, l2, iterations=25):
    """Newton's method on the penalised log likelihood; weights[0] is the bias (not penalised)."""
    n = len(z_rows[0]) + 1
    w = [0.0] * n
    for _ in range(iterations):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for z, y in zip(z_rows, labels):
            x = [1.0] + z
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            g = p - y
            s = p * (1 - p)
            for i in range(n):
                grad[i] += g * x[i]
                si = s * x[i]
                row = hess[i]
                for j in range(i, n):
                    row[j] += si * x[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        for i in range(1, n):
            grad[i] += l2 * w[i]
            hess[i][i] += l2
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(si) for si in step) < 1e-6:
            break
    return w


def predict(w, z):
    return sigmoid(w[0] + sum(wi * zi for wi, zi in zip(w[1:], z)))


def figures(probs, rules_chose, rows, thresholds):
    """The model's figures on `rows`; at each review threshold a value the rules
    chose is flagged whatever its probability, as the scanner does
    (scan/cell_doubt.h, Believed)."""
    n = len(rows)
    loss = -sum(math.log(max(1e-12, p if r[5] else 1 - p)) for p, r in zip(probs, rows)) / n
    bands = {}
    for p, r in zip(probs, rows):
        b = min(9, int(p * 10))
        s = bands.setdefault(b, [0, 0.0, 0])
        s[0] += 1
        s[1] += p
        s[2] += r[5]
    ece = sum(abs(s[1] / s[0] - s[2] / s[0]) * s[0] for s in bands.values()) / n
    table = [{"band": f"{b / 10:.1f}-{(b + 1) / 10:.1f}", "boxes": s[0], "stated": round(s[1] / s[0], 4),
              "right": round(s[2] / s[0], 4)} for b, s in sorted(bands.items())]
    cards = len({r[0] for r in rows})
    wrong = sum(1 for r in rows if not r[5])
    before = {"flagged_per_card": round(sum(r[4] for r in rows) / cards, 3),
              "silent": sum(1 for r in rows if not r[5] and not r[4])}
    by_threshold = []
    for t in thresholds:
        flagged = sum(1 for p, c in zip(probs, rules_chose) if p < t or c)
        silent = sum(1 for p, c, r in zip(probs, rules_chose, rows) if not r[5] and p >= t and not c)
        by_threshold.append({"review_below": t, "flagged_per_card": round(flagged / cards, 3), "silent": silent})
    return {"boxes": n, "cards": cards, "wrong": wrong, "log_loss": round(loss, 5), "ece": round(ece, 5),
            "reliability": table, "without_the_model": before, "by_threshold": by_threshold}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+", help="eval --dump-doubt files (development seeds only)")
    ap.add_argument("--out", required=True, help="the model to write (models/doubt.json)")
    ap.add_argument("--measure-share", type=float, default=0.3, help="share of cards kept out of the fit to measure on")
    ap.add_argument("--l2", type=float, default=1.0, help="L2 penalty on the standardised weights")
    ap.add_argument("--source", default="", help="how the CSV files were made, for the model's card")
    args = ap.parse_args()

    names, rows = read_rows(args.csv)
    fit_rows = [r for r in rows if not in_measure_part(r[0], args.measure_share)]
    measure_rows = [r for r in rows if in_measure_part(r[0], args.measure_share)]
    mean, scale = standardise(fit_rows, len(names))
    z = lambda r: [(x - m) / s for x, m, s in zip(r[3], mean, scale)]
    w = fit([z(r) for r in fit_rows], [r[5] for r in fit_rows], args.l2)
    thresholds = [0.5, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.96, 0.97, 0.98, 0.99, 0.995]
    chose = names.index("rules_chose")
    measured = figures([predict(w, z(r)) for r in measure_rows], [r[3][chose] > 0 for r in measure_rows],
                       measure_rows, thresholds)
    # The review budget: no more wrong boxes let through unflagged than the
    # readers' own doubts let through before the model, at the fewest boxes
    # sent to a person: the lowest threshold that keeps to it.
    budget = measured["without_the_model"]["silent"]
    within = [t for t in measured["by_threshold"] if t["silent"] <= budget]
    review_below = min(t["review_below"] for t in within) if within else thresholds[-1]
    model = {
        "features": names, "mean": mean, "scale": scale, "weights": w[1:], "bias": w[0],
        "card": {
            "what": "P(a read, non-empty box of a found grid is right), a logistic regression over scan/cell_doubt.h's measures",
            "data": args.source or " ".join(args.csv),
            "split": f"cards split by a hash of their name: {1 - args.measure_share:.0%} fitted, {args.measure_share:.0%} measured",
            "fit": {"boxes": len(fit_rows), "cards": len({r[0] for r in fit_rows}), "l2": args.l2},
            "measured": measured,
            "review_below": review_below,
            "review_budget": "the lowest threshold (of those measured) that lets no more wrong boxes through "
                             "unflagged than the readers' own doubts did without the model",
            "program": "tools/doubt/fit_doubt.py",
        },
    }
    with open(args.out, "w") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    print(json.dumps(measured, indent=1))
    print(f"review below {review_below} (at most {budget} wrong boxes unflagged)")
    for name, wi in sorted(zip(names, w[1:]), key=lambda t: -abs(t[1])):
        print(f"  {name:22s} {wi:+.3f}")


if __name__ == "__main__":
    main()
