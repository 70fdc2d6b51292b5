#!/usr/bin/env bash
# Why remotectld is the size it is, and what its resident memory is made of when idle.
#   Benchmarks/footprint-why.sh size UNSTRIPPED_BIN_DIR        symbol sizes by origin (nm -S)
#   Benchmarks/footprint-why.sh memory INSTALLED_BIN_DIR [UNSTRIPPED_BIN_DIR]
#       the hub idle with one binaural, in four configurations (all on, --no-bridge, --no-http,
#       both off): threads, smaps_rollup, resident KiB by mapping; with UNSTRIPPED_BIN_DIR also the
#       executable's resident pages by section and by origin (footprint-pages.py)
# UNSTRIPPED_BIN_DIR holds remotectl and remotectld built as `make install` builds them, before
# stripping (the same build IDs as the installed ones).
set -euo pipefail
mode=$1 bin=$2

# Origin of one symbol, from its (mangled) name. Swift symbols by the module in their mangling,
# C symbols by their library's prefix.
classify() {
  awk '
  function swiftmodule(s,   m, n) {
    sub(/^_?\$s/, "", s); sub(/^_T0/, "", s)
    if (s ~ /^S[a-zA-Z]/ || s ~ /^s[0-9A-Z_]/ || s ~ /^Sy|^Si|^SS|^Sa|^SD|^Sh|^Sb|^Sd/) return "Swift (stdlib)"
    if (s ~ /^So/ ) return "C types (So)"
    if (match(s, /^[0-9]+/)) { n = substr(s, 1, RLENGTH) + 0; m = substr(s, RLENGTH + 1, n); return m }
    return "Swift (other)"
  }
  {
    size = $2 + 0; type = $3; name = $4
    if (name ~ /^_?\$s/ || name ~ /^_T0/) o = swiftmodule(name)
    else if (name ~ /^CCryptoBoringSSL_|^_CCryptoBoringSSL|^CCryptoBoringSSL/) o = "CCryptoBoringSSL (swift-crypto)"
    else if (name ~ /CNIOBoringSSL/) o = "CNIOBoringSSL (swift-nio-ssl)"
    else if (name ~ /^swift_|^_swift_|^swift::|^_ZN5swift|^_ZNK5swift|^_ZL|^\$ss/) o = "Swift runtime (C++)"
    else if (name ~ /^_ZN|^_ZNK|^_ZT|^_ZZ/) o = "other C++"
    else if (name ~ /^c_nio_|^CNIO|^nio_/) o = "NIO C shims"
    else if (name ~ /^_Foundation|^_CShims|^_stringshims/) o = "_FoundationCShims"
    else if (name ~ /^sd_|^bus_|^_sd_/) o = "C (libsystemd calls)"
    else o = "C (other, unprefixed)"
    if (type ~ /[tTwW]/) text[o] += size; else data[o] += size
    tot[o] += size
  }
  END { for (o in tot) printf "%s\t%d\t%d\t%d\n", o, text[o], data[o], tot[o] }'
}

if [ "$mode" = size ]; then
  for exe in remotectld remotectl; do
    nm -S -t d --size-sort "$bin/$exe" | awk 'NF == 4' | classify | sort -t$'\t' -k1,1 >"/tmp/fpwhy-$exe.tsv"
  done
  echo "# symbol bytes by origin (nm -S; text = t/T/w/W, data = the rest): remotectld, remotectl, difference"
  join -t$'\t' -a1 -a2 -e0 -o 0,1.2,1.3,1.4,2.4 /tmp/fpwhy-remotectld.tsv /tmp/fpwhy-remotectl.tsv |
    sort -t$'\t' -k4,4nr |
    awk -F'\t' '$4 < 50000 && $5 < 50000 { sd += $4; sc += $5; sn++; d += $4; c += $5; next }
      { printf "%-38s %8.2f MB (text %6.2f, data %5.2f)  remotectl %6.2f MB  hub only %+6.2f MB\n", $1, $4/1e6, $2/1e6, $3/1e6, $5/1e6, ($4-$5)/1e6; d+=$4; c+=$5 }
      END { printf "%-38s %8.2f MB %34s %6.2f MB  hub only %+6.2f MB\n", "smaller (" sn " names)", sd/1e6, "", sc/1e6, (sd-sc)/1e6
            printf "%-38s %8.2f MB %34s %6.2f MB  hub only %+6.2f MB\n", "total named", d/1e6, "", c/1e6, (d-c)/1e6 }'
  echo; echo "# sections (size -A of the stripped build would match; MB)"
  for exe in remotectld remotectl; do
    size -A "$bin/$exe" | awk -v e="$exe" '$2 ~ /^[0-9]+$/ && $1 != "Total" && $3 != 0 { n = $1
      if (n ~ /^swift5_|^\.swift_modhash/) k = "swift5_*"; else if (n ~ /^\.eh_frame/) k = ".eh_frame*"
      else if (n ~ /^\.(text|rodata|data\.rel\.ro|data|bss)$/) k = n; else k = "other"; t[k] += $2 }
      END { printf "%-10s", e; for (k in t) printf "  %s %.2f", k, t[k] / 1e6; print "" }'
  done
  exit 0
fi

# memory
work=$(mktemp -d /tmp/footprint-why.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
dbus-daemon --session --nofork --address="unix:path=$work/bus" &
pids+=($!)
export DBUS_SESSION_BUS_ADDRESS="unix:path=$work/bus"
for _ in $(seq 100); do [ -S "$work/bus" ] && break; sleep 0.05; done
"$bin/binaural" --output null --headless --name binaural 2>/dev/null &
pids+=($!)
for _ in $(seq 100); do busctl --user --address="$DBUS_SESSION_BUS_ADDRESS" list 2>/dev/null | grep -q MediaPlayer2.binaural && break; sleep 0.05; done 2>/dev/null || true
sleep 1

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "Linux $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M') UTC"
exe_path=$(readlink -f "$bin/remotectld")
n=0
for config in "" "--no-bridge" "--no-http" "--no-http --no-bridge"; do
  n=$((n + 1))
  mkdir -p "$work/$n/state" "$work/$n/config"; mkdir -m 700 "$work/$n/runtime"
  # shellcheck disable=SC2086
  XDG_RUNTIME_DIR="$work/$n/runtime" XDG_STATE_HOME="$work/$n/state" XDG_CONFIG_HOME="$work/$n/config" \
    "$bin/remotectld" --http-port 0 --proxy on --log-level warning $config 2>"$work/$n/log" &
  hub=$!
  for _ in $(seq 200); do
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property org.mpris.MediaPlayer2.remotectld \
      /org/mpris/MediaPlayer2 org.mpris.MediaPlayer2.Player CanPause 2>/dev/null | grep -q true && break
    sleep 0.05
  done
  sleep 3
  echo
  echo "## remotectld --http-port 0 --proxy on $config (pid $hub)"
  echo "threads: $(ls /proc/$hub/task | wc -l): $(cat /proc/$hub/task/*/comm | sort | uniq -c | awk '{ printf "%s×%s ", $1, $2 }')"
  grep -E '^(Rss|Pss|Private_Clean|Private_Dirty|Shared_Clean|Anonymous)' /proc/$hub/smaps_rollup | tr -s ' ' | paste -sd' '
  # Rss (KiB) of each kind of mapping.
  awk -v exe="$exe_path" '
    /^[0-9a-f]+-[0-9a-f]+ / { perm = $2; path = $6
      if (path == exe) kind = "exe " perm; else if (path == "[heap]") kind = "[heap]"; else if (path ~ /^\[/) kind = path
      else if (path == "") kind = "anon other " perm
      else { n = split(path, p, "/"); kind = "lib " p[n] }
      next }
    $1 == "Size:" && kind == "anon other rw-p" && ($2 == 8192 || $2 == 8188) { kind = "anon 8 MiB (thread stacks)" }
    $1 == "Rss:" { rss[kind] += $2; cnt[kind]++ }
    END { for (k in rss) if (rss[k] > 0) printf "  %-34s %7d KiB (%d mappings)\n", k, rss[k], cnt[k] }' /proc/$hub/smaps | sort -k1,1
  if [ -n "${3:-}" ]; then python3 "$(dirname "$0")/footprint-pages.py" "$hub" "$3/remotectld"; fi
  kill "$hub"; wait "$hub" 2>/dev/null || true
done
