#!/usr/bin/env bash
# Runs the in-process event-delivery benchmarks (Benchmarks/EventDelivery) and prints their
# table: wall clock and malloc count, per event. `make bench` at the repository root calls this.
# Extra arguments go to the benchmark plugin, e.g. `./run.sh --filter 'Delivery/.*'`.
set -euo pipefail
cd "$(dirname "$0")"
exec swift package --allow-writing-to-package-directory benchmark --no-progress "$@"
