#!/usr/bin/env python3
"""The sweep of issue 41: `pdfbind suggest --json` over whole folders of real PDFs (public test
suites, ../shared/corpus), first as one batch a folder (`-r`), then one process a file.

    bench/sweep/sweep.py PDFBIND OUT FOLDER...

For each folder's batch: the wall time, the peak memory of pdfbind and all its page workers
together (the sum of their proportional set sizes, sampled every 0.1 s from /proc; the sum of
their resident sizes beside it), and whether every
file was answered (a JSON line or an error line on standard error). For each file alone: its
time and decision, compared with the batch's. Prints a Markdown report (and writes it to
OUT/sweep.md, the raw rows to OUT/files.tsv); exits 1 when a goal is missed:

- every file answered, in the batch and alone;
- no file alone using more processor time (pdfbind and its page workers together) than the book
  deadline (PDFBIND_BOOK_TIMEOUT, default 60 s) plus 1 s: the deadline counts processor time, so
  that a busy machine decides as an idle one does, and a file's wall time on a busy machine is
  not bounded (a file whose wall time alone passes that mark is listed as a note, not a miss);
- each batch's peak memory under 1 GiB;
- the same decision alone as in the batch;
- the same evidence alone as in the batch (the `reason` line), unless a page's work was stopped
  in either (a deadline, a crash, the memory limit): a file's answer must not depend on the
  files beside it, and page workers serve many books (a worker that drew one file's pages once
  drew every later file's text in one font blank; README, "Bounded page work").
"""

import collections
import json
import os
import resource
import subprocess
import sys
import threading
import time

BOOK_SECONDS = float(os.environ.get("PDFBIND_BOOK_TIMEOUT", "60"))
PEAK_LIMIT = 1 << 30


def tree_usage(root):
    """What `root` and every process descended from it use, from /proc: (their proportional
    set sizes summed, their resident sizes summed, in bytes; each one's own processor seconds,
    user and system, by pid). The first is what the tree takes from the machine
    (smaps_rollup's Pss: a page k processes share counts 1/k to each) and what the goals are
    about; the second counts once for each page worker the code and libraries they all map."""
    children, rss, processor = {}, {}, {}
    tick = os.sysconf("SC_CLK_TCK")
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(name))
            rss[int(name)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
            processor[int(name)] = (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            continue
    proportional, resident, used, stack = 0, 0, {}, [root]
    while stack:
        pid = stack.pop()
        proportional += proportional_bytes(pid)
        resident += rss.get(pid, 0)
        used[pid] = processor.get(pid, 0.0)
        stack.extend(children.get(pid, []))
    return proportional, resident, used


def proportional_bytes(pid):
    """The proportional set size of process `pid` in bytes; 0 when it has ended."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


Run = collections.namedtuple("Run", "out err seconds peaks returncode processor")


def run_sampled(arguments, every=0.1, env=None):
    """Runs `arguments`: a `Run` of its stdout, stderr, wall seconds, the peaks of its tree's
    memory (`tree_usage`) sampled every `every` seconds ((proportional, resident)), its return code,
    and the processor seconds of its tree: each process's as last sampled, the root's own from
    the kernel when it ends (a worker's last `every` seconds may go unseen). score_images.py
    measures the speed books through this."""
    start = time.monotonic()
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env)
    peaks = [0, 0]
    seen = {}
    done = threading.Event()

    def sample():
        while not done.is_set():
            proportional, resident, used = tree_usage(process.pid)
            peaks[:] = [max(peaks[0], proportional), max(peaks[1], resident)]
            for pid, seconds in used.items():
                seen[pid] = max(seen.get(pid, 0.0), seconds)
            done.wait(every)

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    sampler = threading.Thread(target=sample)
    sampler.start()
    out, err = process.communicate()
    done.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # The root's own time and that of the descendants it waited for, which the samples may
    # have missed; every other process as sampled.
    waited = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    others = sum(seconds for pid, seconds in seen.items() if pid != process.pid)
    return Run(out, err, time.monotonic() - start, tuple(peaks), process.returncode,
               max(waited, seen.get(process.pid, 0.0) + others))


def pdfs(folder):
    found = []
    for directory, _, names in os.walk(folder):
        for name in names:
            if name.lower().endswith(".pdf"):
                found.append(os.path.join(directory, name))
    return sorted(found)


def answers(out):
    """Each file's JSON line, by its path."""
    result = {}
    for line in out.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if "path" in item:
            result[item["path"]] = item
    return result


STOPPED = ("took longer", "without computing", "crashed", "memory a page may use")


def errors(err):
    """Paths named on `pdfbind: PATH: ...` lines."""
    named = set()
    for line in err.decode("utf-8", "replace").splitlines():
        if line.startswith("pdfbind: "):
            named.add(line[len("pdfbind: "):].split(": ", 1)[0])
    return named


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    pdfbind, out_dir, folders = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    environment = dict(os.environ, PDFBIND_CACHE="off")
    os.environ.update(environment)
    report, rows, failures, waits = [], [], [], []
    report.append("| folder | files | batch wall | peak memory (pdfbind + workers: proportional; "
                  "resident summed) | answered |")
    report.append("|---|---|---|---|---|")
    for folder in folders:
        files = pdfs(folder)
        out, err, seconds, (peak, resident), _, _ = run_sampled(
            [pdfbind, "suggest", "--json", "--no-cache", "-r", folder])
        batch = answers(out.decode("utf-8", "replace"))
        failed = errors(err)
        answered = sum(1 for f in files if f in batch or f in failed)
        report.append(
            f"| {folder} | {len(files)} | {seconds:.1f} s | {peak / 2**20:.0f} MiB; "
            f"{resident / 2**20:.0f} MiB | {answered}/{len(files)} |")
        if answered != len(files):
            missing = [f for f in files if f not in batch and f not in failed]
            failures.append(f"{folder}: {len(missing)} files not answered, e.g. {missing[:3]}")
        if peak >= PEAK_LIMIT:
            failures.append(f"{folder}: peak memory {peak / 2**20:.0f} MiB (goal < 1024 MiB)")
        for path in files:
            alone = run_sampled([pdfbind, "suggest", "--json", "--no-cache", path])
            took, processor = alone.seconds, alone.processor
            item = answers(alone.out.decode("utf-8", "replace")).get(path)
            decision = item.get("decision") if item else "error"
            in_batch = batch[path].get("decision") if path in batch else "error"
            if item is None:
                detail = alone.err.decode("utf-8", "replace").strip()[:120]
            else:
                stopped = [e.get("detail", "") for e in item.get("evidence", [])
                           if any(word in e.get("detail", "") for word in STOPPED)]
                detail = "; ".join(stopped[:2])
            rows.append((took, path, decision, in_batch, detail, processor))
            if processor > BOOK_SECONDS + 1:
                failures.append(f"{path}: {processor:.1f} s of processor time alone "
                                f"(goal <= {BOOK_SECONDS + 1:.0f} s)")
            elif took > BOOK_SECONDS + 1:
                waits.append(f"{path}: {took:.1f} s alone, {processor:.1f} s of it computing")
            if decision != in_batch:
                failures.append(f"{path}: {decision} alone, {in_batch} in the batch")
            reason = item.get("reason", "") if item else None
            in_batch_reason = batch[path].get("reason", "") if path in batch else None
            if reason != in_batch_reason:
                line = f"{path}: alone \"{reason}\", in the batch \"{in_batch_reason}\""
                stopped = any(word in (reason or "") + (in_batch_reason or "")
                              for word in STOPPED)
                (waits if stopped else failures).append(line)
    with open(os.path.join(out_dir, "files.tsv"), "w") as f:
        for took, path, decision, in_batch, detail, processor in rows:
            f.write(f"{took:.3f}\t{path}\t{decision}\t{in_batch}\t{detail}\t{processor:.2f}\n")
    report.append("")
    report.append("The slowest files, one process each:")
    report.append("")
    report.append("| seconds | processor seconds | file | decision | what stopped |")
    report.append("|---|---|---|---|---|")
    for took, path, decision, _, detail, processor in sorted(rows, reverse=True)[:12]:
        report.append(f"| {took:.1f} | {processor:.1f} | {path} | {decision} | {detail or '-'} |")
    report.append("")
    report.append(f"{len(rows)} files alone in {sum(r[0] for r in rows):.0f} s; "
                  f"goals missed: {len(failures)}")
    report.extend(f"FAIL sweep: {line}" for line in failures)
    # Not a miss: the deadlines count processor time. On an idle machine wall and processor
    # time agree, so a line here there is work that waited on something other than a processor.
    report.extend(f"note sweep: wall time past the mark, processor time within it: {line}"
                  for line in waits)
    text = "\n".join(report) + "\n"
    with open(os.path.join(out_dir, "sweep.md"), "w") as f:
        f.write(text)
    print(text)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
