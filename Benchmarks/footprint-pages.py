#!/usr/bin/env python3
"""Which of an executable's pages a running process has resident, by section and by origin.

    footprint-pages.py PID UNSTRIPPED_EXE

UNSTRIPPED_EXE is the same build as the running executable before stripping (same build ID, same
addresses). Reads /proc/PID/maps and /proc/PID/pagemap (the present bit, bit 63), the sections from
`readelf -SW` and the symbols from `nm -S -t d`; a resident page of .text counts towards the origin
of the symbols that cover most of it (origins as footprint-why.sh names them)."""
import collections, os, re, struct, subprocess, sys

pid, exe = sys.argv[1], sys.argv[2]
page = os.sysconf("SC_PAGE_SIZE")
target = os.path.realpath(f"/proc/{pid}/exe")

present = set()
with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pm:
    for line in maps:
        f = line.split()
        if len(f) < 6 or os.path.realpath(f[5]) != target:
            continue
        lo, hi = (int(x, 16) for x in f[0].split("-"))
        pm.seek(lo // page * 8)
        data = pm.read((hi - lo) // page * 8)
        for i in range(0, len(data), 8):
            if struct.unpack("<Q", data[i:i + 8])[0] >> 63:
                present.add(lo // page + i // 8)

sections = []
for line in subprocess.run(["readelf", "-SW", exe], capture_output=True, text=True).stdout.splitlines():
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if m and int(m.group(2), 16):
        sections.append((m.group(1), int(m.group(2), 16), int(m.group(3), 16)))

def origin(name):
    if name.startswith(("$s", "_$s")):
        s = name.lstrip("_")[2:]
        if re.match(r"S[a-zA-Z]|s[0-9A-Z_]", s):
            return "Swift (stdlib)"
        m = re.match(r"(\d+)", s)
        return s[len(m.group(1)):len(m.group(1)) + int(m.group(1))] if m else "Swift (other)"
    if "CCryptoBoringSSL" in name: return "CCryptoBoringSSL (swift-crypto)"
    if "CNIOBoringSSL" in name: return "CNIOBoringSSL (swift-nio-ssl)"
    if name.startswith(("swift_", "_swift", "_ZN5swift", "_ZNK5swift")): return "Swift runtime (C++)"
    if name.startswith("_Z"): return "other C++"
    if name.startswith(("c_nio_", "CNIO", "nio_")): return "NIO C shims"
    return "C (other, unprefixed)"

# For each page, the origin owning most bytes of it.
owner = collections.defaultdict(collections.Counter)
for line in subprocess.run(["nm", "-S", "-t", "d", exe], capture_output=True, text=True).stdout.splitlines():
    f = line.split()
    if len(f) != 4 or f[2] not in "tTwW":
        continue
    addr, size, o = int(f[0]), int(f[1]), origin(f[3])
    a = addr
    while a < addr + size:
        end = min((a // page + 1) * page, addr + size)
        owner[a // page][o] += end - a
        a = end

by_section = collections.Counter()
total_section = collections.Counter()
by_origin = collections.Counter()
total_origin = collections.Counter()
for name, addr, size in sections:
    for p in range(addr // page, (addr + size + page - 1) // page):
        total_section[name] += 1
        if p in present:
            by_section[name] += 1
        if name == ".text" and owner[p]:
            o = owner[p].most_common(1)[0][0]
            total_origin[o] += 1
            if p in present:
                by_origin[o] += 1

kib = page // 1024
print(f"# resident pages of {target} in pid {pid}: {len(present) * kib} KiB")
print("## by section: resident KiB / section KiB")
for name, n in sorted(by_section.items(), key=lambda x: -x[1]):
    if n * kib >= 64:
        print(f"  {name:32} {n * kib:7} / {total_section[name] * kib:7}")
print("## .text by origin: resident KiB / KiB of pages it owns")
for o, n in sorted(by_origin.items(), key=lambda x: -x[1]):
    if n * kib >= 64:
        print(f"  {o:32} {n * kib:7} / {total_origin[o] * kib:7}")
# Fault-around: runs of resident .text pages.
runs, run = [], 0
text = next(s for s in sections if s[0] == ".text")
for p in range(text[1] // page, (text[1] + text[2]) // page + 1):
    if p in present:
        run += 1
    elif run:
        runs.append(run); run = 0
if run: runs.append(run)
print(f"## .text: {len(runs)} runs of resident pages, {collections.Counter(runs).most_common(4)} (length, count)")
