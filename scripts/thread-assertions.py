#!/usr/bin/env python3
"""Lists the functions whose doc comment says they run on the hub's bus thread (or a
connection's thread), and whether each asserts it (`assertOnConnectionThread()` in its first
lines). Usage: scripts/thread-assertions.py FOLDER...; the last line is "documented asserted".
A function that only registers an observer, or hands work over, is listed too: read each NO."""
import os
import re
import sys

THREAD = re.compile(r"(bus\s+thread|connection\s+thread|connection's\s+thread|hub's\s+thread)", re.I)


def swift_files(roots):
    for root in roots:
        for folder, _, names in os.walk(root):
            yield from (os.path.join(folder, n) for n in sorted(names) if n.endswith(".swift"))


def main(roots):
    documented = asserted = handing = observing = 0
    for path in sorted(swift_files(roots)):
        lines = open(path, encoding="utf-8").read().split("\n")
        i = 0
        while i < len(lines):
            if not lines[i].strip().startswith("///"):
                i += 1
                continue
            j = i
            while j < len(lines) and lines[j].strip().startswith("///"):
                j += 1
            doc = " ".join(line.strip()[3:] for line in lines[i:j])
            k = j
            while k < len(lines) and (lines[k].strip().startswith("@") or not lines[k].strip()):
                k += 1
            declaration = lines[k] if k < len(lines) else ""
            if THREAD.search(doc) and re.search(r"\b(func|init)\b", declaration):
                body = "\n".join(lines[k : k + 8])
                checks = "assertOnConnectionThread" in body or "assertOnChangeThread" in body
                hands = not checks and re.search(r"\bperform\s*\{", body) is not None
                observes = not checks and not hands and "observer" in declaration
                documented += 1
                asserted += checks
                handing += hands
                observing += observes
                verdict = "OK" if checks else "HANDS" if hands else "OBSERVES" if observes else "NO"
                print(verdict, f"{path}:{k + 1}", declaration.strip()[:80])
            i = j
    print(documented, asserted, handing, observing)


if __name__ == "__main__":
    main(sys.argv[1:])
