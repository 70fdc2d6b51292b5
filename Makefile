# swift-remote-control — the commands a fresh machine needs.
#   make demo   the Binaural player, remote-controlled over MPRIS (installs what is missing)
#   make test   the whole test suite on a private D-Bus (installs what is missing)
#   make bench  the benchmarks, in process and over D-Bus; figures go in BENCHMARKS.md
#   make install [PREFIX=~/.local]  remotectl and binaural, built for speed, into PREFIX/bin
#   make uninstall [PREFIX=~/.local]

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

.PHONY: demo test bench deps build clean lint install uninstall release

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

# What `make install` builds: release, with what makes remotectl start fast (a media key runs it;
# each flag's effect is measured in BENCHMARKS.md):
# - the Swift runtime and libraries linked statically (no dynamic Swift runtime to load);
# - a position-dependent executable (-no-pie): nothing to relocate at start;
# - no exported symbols: the dynamic linker searches a few, not thousands;
# - libstdc++ and libgcc linked statically (the Swift runtime uses little of them), through a
#   linker script in .build that points -lstdc++ at libstdc++.a (skipped when there is none).
PREFIX ?= $(HOME)/.local
BINDIR = $(PREFIX)/bin
INSTALLED = remotectl binaural
STATIC_LIBSTDCXX := $(shell clang -print-file-name=libstdc++.a 2>/dev/null)
STATIC_LIBSTDCXX_DIR := $(CURDIR)/.build/static-libstdc++
RELEASE_FLAGS := -c release --static-swift-stdlib \
	-Xswiftc -Xclang-linker -Xswiftc -no-pie \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xlinker --no-export-dynamic \
	$(if $(filter /%,$(STATIC_LIBSTDCXX)),-Xswiftc -L$(STATIC_LIBSTDCXX_DIR))

release: deps
	@if [ -f "$(STATIC_LIBSTDCXX)" ]; then mkdir -p $(STATIC_LIBSTDCXX_DIR) && \
		echo 'INPUT($(STATIC_LIBSTDCXX))' > $(STATIC_LIBSTDCXX_DIR)/libstdc++.so; fi
	$(SWIFT) build $(RELEASE_FLAGS) --product remotectl
	$(SWIFT) build $(RELEASE_FLAGS) --product binaural

install: release
	install -d $(DESTDIR)$(BINDIR)
	for program in $(INSTALLED); do \
		install -m 755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/$$program" $(DESTDIR)$(BINDIR)/; \
	done

uninstall:
	for program in $(INSTALLED); do rm -f $(DESTDIR)$(BINDIR)/$$program; done

clean:
	rm -rf .build Benchmarks/.build
