# swift-remote-control — the commands a fresh machine needs.
#   make demo   the Binaural player, remote-controlled over MPRIS (installs what is missing)
#   make test   the whole test suite on a private D-Bus (installs what is missing)
#   make bench  the benchmarks, in process and over D-Bus; figures go in BENCHMARKS.md

SWIFT ?= swift

# What the build needs: sd-bus and pkg-config to find it.
BUILD_PACKAGES := libsystemd-dev libpulse-dev libasound2-dev pkgconf
# What the tests start or drive: a private dbus-daemon, clients we did not write
# (playerctl, gdbus, busctl, python3-dbus), a peer player (mpv with mpv-mpris), and a
# sound server to record (pulseaudio with parec; ALSA's pulse plugin; sox for soxi).
TEST_PACKAGES := dbus-daemon dbus-bin playerctl libglib2.0-bin systemd python3-dbus python3-gi \
	mpv mpv-mpris pulseaudio pulseaudio-utils libasound2-plugins sox tmux
# What the demo runs: a bus daemon when the machine has no session bus, controllers to try
# (playerctl, gdbus), and PulseAudio's client library and tools (libpulse0, pactl/parec).
DEMO_PACKAGES := dbus-daemon dbus-bin playerctl libglib2.0-bin libpulse0 pulseaudio-utils libasound2
# What the benchmarks compare against.
BENCH_PACKAGES := mpv mpv-mpris

.PHONY: demo test bench deps build clean lint

deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

build: deps
	$(SWIFT) build

demo: deps
	@scripts/install-deps.sh $(DEMO_PACKAGES)
	@SWIFT=$(SWIFT) scripts/demo.sh

# The house style is a gate: the formatter's strict lint runs before anything is built.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples Benchmarks Package.swift

test: deps lint
	@scripts/install-deps.sh $(TEST_PACKAGES)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	@scripts/install-deps.sh $(BENCH_PACKAGES) $(TEST_PACKAGES)
	@Benchmarks/run.sh
	@Benchmarks/dbus.sh

clean:
	rm -rf .build Benchmarks/.build
