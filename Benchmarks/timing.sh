# What the scripts that time programs share, sourced from the repository root: the wall time of
# one run in microseconds, from bash's own clock (no `date` processes around it), and the median
# and maximum of numbers read one a line.

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
maximum() { sort -n | tail -1; }

wall() {
  local start end
  start=${EPOCHREALTIME/./}
  "$@" >/dev/null 2>&1
  end=${EPOCHREALTIME/./}
  echo $((end - start))
}
