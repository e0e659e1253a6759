#!/usr/bin/env python3
"""How fast scorecheck reads a card, against the time it takes to decode its photo.

Times `scorecheck scan` and a decode-only program (build/decode_only:
cv::imread and nothing else) on the same 12 MP photos in one run, one after
the other and alternating, and prints median times, the median ratio of each
pair and the peak memory of each process (its own rusage, from wait4). Then
times `scorecheck batch` on 100 photos with --jobs 1 and --jobs 2, sampling its
resident memory each second: the highest in each quarter of the run shows
whether memory stays steady as the batch goes on.

The photos are made with build/synth on development seeds (nothing reserved
for acceptance) and kept in --work, so a second run times the same files:
  own          our own sheet (markers, QR code), one grid
  other        another printer's sheet, one grid (random styles)
  piecepack4   another printer's piecepack page of four grids
  batch        100 photos as synth mixes them (a third on our own sheet)

Where the scan's own time goes (decode, page, digit network, Tesseract, the
digits written) on the same photos: build/scan_costs /tmp/scorecheck-bench/own/*.jpg

A benchmark that prints figures, not a test: it never fails on a figure.
Usage: tools/bench/bench.py [--build build] [--work /tmp/scorecheck-bench] [--rounds 5] [--files 3]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MIN_PIXELS = 11_500_000  # "12 MP": 4000 x 3000 and the like
BATCH_PER_MINUTE = 400    # issue 65: photos a minute `batch --jobs 2` reads at least
BATCH_MB_PER_WORKER = 200  # ... with a peak of at most this much memory per worker (MB)

# kind -> (first corpus seed, synth arguments, which cards qualify, target ratio)
KINDS = {
    "own": (781000, ["--own-share", "1", "--rulesets", "classic", "fivezee", "rollem"],
            lambda t: len(t["grids"]) == 1, 1.5),
    "other": (782000, ["--own-share", "0", "--rulesets", "classic", "fivezee", "rollem", "rock", "triple"],
              lambda t: len(t["grids"]) == 1, 2.5),
    "piecepack4": (783000, ["--own-share", "0", "--rulesets", "piecepack"],
                   lambda t: len(t["grids"]) == 4, 4.0),
}


def resident_mb(pid):
    """The process's resident memory now (MB), or None once it is gone."""
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return None


def run(command, env=None, sample_every=0.0):
    """Wall seconds and peak resident memory (MB) of one process, its exit code,
    and (sample_every > 0) its resident memory sampled that often: [(seconds, MB)]."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    samples = []
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG if sample_every > 0 else 0)
        if pid:
            break
        rss = resident_mb(process.pid)
        if rss is not None:
            samples.append((time.perf_counter() - start, rss))
        time.sleep(sample_every)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024.0, process.returncode, samples


def by_quarter(samples, wall):
    """The highest resident memory (MB) in each quarter of a run."""
    quarters = [0.0] * 4
    for seconds, rss in samples:
        quarter = min(3, int(4 * seconds / wall))
        quarters[quarter] = max(quarters[quarter], rss)
    return quarters


def photos(build, work, kind, wanted):
    """`wanted` 12 MP photos of `kind`, made once and kept in work/kind."""
    folder = os.path.join(work, kind)
    os.makedirs(folder, exist_ok=True)
    chosen = sorted(f for f in os.listdir(folder) if f.endswith(".jpg"))
    first_seed, args, qualifies, _ = KINDS[kind]
    for seed in range(first_seed, first_seed + 40):
        if len(chosen) >= wanted:
            break
        made = os.path.join(work, "made-%s-%d" % (kind, seed))
        if not os.path.isdir(made):
            subprocess.run([os.path.join(build, "synth"), "--seed", str(seed), "--count", "20", "--profiles", "photo",
                            "--threads", "2", "--jpeg", "-o", made] + args, check=True, stdout=subprocess.DEVNULL)
        for name in sorted(os.listdir(made)):
            if not name.endswith(".truth.json") or len(chosen) >= wanted:
                continue
            truth = json.load(open(os.path.join(made, name)))
            width, height = truth["image_size"]
            image = name.replace(".truth.json", ".jpg")
            kept = "%d-%s" % (seed, image)  # card numbers repeat from seed to seed
            if width * height >= MIN_PIXELS and qualifies(truth) and kept not in chosen:
                shutil.copy(os.path.join(made, image), os.path.join(folder, kept))
                chosen.append(kept)
        shutil.rmtree(made)  # only the photos chosen are kept
    if len(chosen) < wanted:
        sys.exit("bench: found only %d %s photos of 12 MP in 40 seeds" % (len(chosen), kind))
    return [os.path.join(folder, f) for f in sorted(chosen)[:wanted]]


def bench_kind(build, work, kind, files, rounds):
    scan_times, decode_times, ratios, scan_peak, decode_peak = [], [], [], 0.0, 0.0
    images = photos(build, work, kind, files)
    for _ in range(rounds):
        for image in images:
            d_wall, d_peak, d_code, _ = run([os.path.join(build, "decode_only"), image])
            s_wall, s_peak, s_code, _ = run([os.path.join(build, "scorecheck"), "scan", image])
            if d_code != 0 or s_code > 2:
                print("  %s: decode exit %d, scan exit %d" % (image, d_code, s_code))
            decode_times.append(d_wall)
            scan_times.append(s_wall)
            ratios.append(s_wall / d_wall)
            scan_peak, decode_peak = max(scan_peak, s_peak), max(decode_peak, d_peak)
    target = KINDS[kind][3]
    ratio = statistics.median(ratios)
    print("%-11s %5.2f s  %5.2f s  %5.1fx  (target <= %.1fx: %s)  peak %4.0f MB (decode %3.0f MB)  %d photos x %d"
          % (kind, statistics.median(scan_times), statistics.median(decode_times), ratio, target,
             "met" if ratio <= target else "not met", scan_peak, decode_peak, len(images), rounds))


def bench_batch(build, work, count, jobs_list):
    folder = os.path.join(work, "batch%d" % count)
    if not os.path.isdir(folder):
        subprocess.run([os.path.join(build, "synth"), "--seed", "784000", "--count", str(count), "--profiles",
                        "scan", "photo", "lowres", "rotated", "--threads", "2", "--jpeg", "-o", folder],
                       check=True, stdout=subprocess.DEVNULL)
    results = {}
    for jobs in jobs_list:
        out = os.path.join(work, "batch-out-%d" % jobs)
        shutil.rmtree(out, ignore_errors=True)
        wall, peak, code, samples = run([os.path.join(build, "scorecheck"), "batch", folder, "-o", out, "--jobs",
                                         str(jobs), "-q"], sample_every=1.0)
        results[jobs] = (wall, peak)
        print("batch --jobs %d: %d photos in %6.1f s, %4.2f photos/s, process peak %4.0f MB (%4.0f MB per worker), "
              "exit %d" % (jobs, count, wall, count / wall, peak, peak / jobs, code))
        # Steady memory: a batch that kept something per card would grow from
        # quarter to quarter.
        quarters = by_quarter(samples, wall)
        print("  resident memory, highest in each quarter of the run: %s MB (last quarter %+.0f MB on the first; "
              "%d samples)" % (" / ".join("%.0f" % q for q in quarters), quarters[3] - quarters[0], len(samples)))
    if 1 not in results or 2 not in results:
        return
    same = open(os.path.join(work, "batch-out-1", "report.json")).read() == \
        open(os.path.join(work, "batch-out-2", "report.json")).read()
    speedup = results[1][0] / results[2][0]
    per_minute = 60.0 * count / results[2][0]
    per_worker = results[2][1] / 2
    print("batch --jobs 2: %.0f photos a minute (target >= %d: %s), %.0f MB per worker (target <= %d: %s), "
          "%.2fx the throughput of --jobs 1; the two reports are %s"
          % (per_minute, BATCH_PER_MINUTE, "met" if per_minute >= BATCH_PER_MINUTE else "not met", per_worker,
             BATCH_MB_PER_WORKER, "met" if per_worker <= BATCH_MB_PER_WORKER else "not met", speedup,
             "identical" if same else "DIFFERENT"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="build folder (scorecheck, synth, decode_only)")
    parser.add_argument("--work", default="/tmp/scorecheck-bench", help="where the photos are made and kept")
    parser.add_argument("--rounds", type=int, default=5, help="times each photo is timed")
    parser.add_argument("--files", type=int, default=3, help="photos of each kind")
    parser.add_argument("--batch", type=int, default=100, help="photos in the batch run (0: no batch run)")
    parser.add_argument("--batch-jobs", type=int, nargs="*", default=[1, 2],
                        help="--jobs values of the batch runs (throughput compared when 1 and 2 both run)")
    parser.add_argument("--kinds", nargs="*", default=list(KINDS), help="which single-photo kinds to time")
    args = parser.parse_args()
    for tool in ("scorecheck", "synth", "decode_only"):
        if not os.path.exists(os.path.join(args.build, tool)):
            sys.exit("bench: %s/%s is missing: build first (tools/setup)" % (args.build, tool))
    os.makedirs(args.work, exist_ok=True)
    revision = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
    print("scorecheck %s, %d cores; scan vs decode_only, one process each, alternating" % (revision, os.cpu_count()))
    # What each process pays before it reads a byte of its photo: loading its
    # libraries (scorecheck links OpenCV's readers, its DNN, Tesseract, Cairo...).
    starts = {"scorecheck --version": [], "decode_only (no photo)": []}
    for _ in range(max(3, args.rounds)):
        starts["scorecheck --version"].append(run([os.path.join(args.build, "scorecheck"), "--version"])[0])
        starts["decode_only (no photo)"].append(run([os.path.join(args.build, "decode_only")])[0])
    print("start-up alone: " + ", ".join("%s %.3f s" % (name, statistics.median(times))
                                         for name, times in starts.items()))
    print("%-11s %7s  %7s  %6s" % ("photo", "scan", "decode", "ratio"))
    for kind in args.kinds:
        bench_kind(args.build, args.work, kind, args.files, args.rounds)
    if args.batch > 0:
        bench_batch(args.build, args.work, args.batch, args.batch_jobs)


if __name__ == "__main__":
    main()
