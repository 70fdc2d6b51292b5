# swift-remote-control — the commands a fresh machine needs.
#   make demo   the Binaural player, remote-controlled over MPRIS (installs what is missing)
#   make test   the whole test suite on a private D-Bus (installs what is missing): what a
#               contributor runs, a red test reported as soon as the suite ends
#   make check  everything CI runs (.ci/run): the suite first, then make lint, the Debian packages
#               built, checked by lintian, installed and purged; each stage timed
#   make test-stress  the whole suite 5 times on a clean clone of HEAD, one core kept busy
#   make bench  the benchmarks, in process and over D-Bus; figures go in BENCHMARKS.md
#   make docs   the DocC catalogs built, a broken link an error (part of make lint)
#   make install [PREFIX=~/.local]    remotectl, remotectld and binaural built for speed, and
#                                     remotectld's systemd user unit and D-Bus activation files,
#                                     and the web remote's page
#   make uninstall [PREFIX=~/.local]  removes exactly what install installed, and names the
#                                     state the programs left in your home folder
#   make deb    Debian packages (remotectl, remotectld, binaural) from a clean clone of HEAD,
#               in .build-deb; make lintian checks them

SWIFT ?= swift

# What the build needs: sd-bus and pkg-config to find it, PulseAudio's and ALSA's headers. (No
# libcurl: the bridge fetches artwork with an HTTP/1.1 client of its own on SwiftNIO, not
# FoundationNetworking.)
BUILD_PACKAGES := libsystemd-dev libpulse-dev libasound2-dev pkgconf
# What the tests start or drive: a private dbus-daemon, clients we did not write
# (playerctl, gdbus, busctl, python3-dbus), a peer player (mpv with mpv-mpris), and a
# sound server to record (pulseaudio with parec; ALSA's pulse plugin; sox for soxi); Python's
# websockets for the bridge's Python example; GNOME Shell, run headless, whose media controls are
# the MPRIS client most Linux users have; iproute2 and tcpdump for the web remote's LAN test (a
# network namespace, and a capture of what crosses it); the real players the hub meets (VLC,
# Firefox ESR, and mpv in a Flatpak-shaped sandbox: bubblewrap, xdg-dbus-proxy; Chromium is in
# BROWSER_PACKAGES), run as a user the tests make (passwd's useradd, util-linux's setpriv;
# coreutils' stdbuf); openssl for the self-signed certificate of the bridge's https artwork tests;
# BlueZ's double (python3-dbusmock's bluez5 template, as bluetoothd cannot run without Bluetooth in
# the kernel) beside the real mpris-proxy (bluez); AirPlay without a phone: Debian's shairport-sync
# (3.3.8, on a private system bus) receiving from pyatv (PyPI, in the browser tests' environment);
# curl, the HTTP client the web remote's signed-request tests send with.
TEST_PACKAGES := dbus-daemon dbus-bin playerctl libglib2.0-bin systemd python3-dbus python3-gi \
	mpv mpv-mpris pulseaudio pulseaudio-utils libasound2-plugins sox tmux python3-websockets gnome-shell \
	pipewire pipewire-pulse wireplumber iproute2 tcpdump \
	vlc-bin vlc-plugin-base firefox-esr bubblewrap xdg-dbus-proxy passwd util-linux coreutils openssl \
	python3-dbusmock bluez plasma-workspace libkf5globalaccel-bin \
	shairport-sync curl
# What the demo runs: a bus daemon when the machine has no session bus, controllers to try
# (playerctl, gdbus), and PulseAudio's client library and tools (libpulse0, pactl/parec).
DEMO_PACKAGES := dbus-daemon dbus-bin playerctl libglib2.0-bin libpulse0 pulseaudio-utils libasound2
# What the browser tests drive: Chromium and its WebDriver, and a Python virtual environment
# (selenium, websockets, segno; pyatv, the tests' AirPlay sender) made by scripts/browser-venv.sh.
BROWSER_PACKAGES := chromium chromium-driver python3-venv
BROWSER_VENV := .build-browser/venv
# What lints the page's JavaScript and CSS (Debian's; there is no npm here), and the Python
# programs (the tests' players and clients, the benchmarks', the examples').
LINT_PACKAGES := eslint node-eslint-plugin-html node-css-tree python3-pyflakes
# What the benchmarks compare against.
BENCH_PACKAGES := mpv mpv-mpris

.PHONY: demo test check test-bluetooth bluetooth-tier bluetooth-deps demo-car test-stress bench deps browser-deps build clean lint lint-style docs install uninstall \
	release deb lintian

deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

browser-deps:
	@scripts/install-deps.sh $(BROWSER_PACKAGES)
	@scripts/browser-venv.sh $(BROWSER_VENV)

build: deps
	$(SWIFT) build

demo: deps
	@scripts/install-deps.sh $(DEMO_PACKAGES)
	@SWIFT=$(SWIFT) scripts/demo.sh

# The house style is a gate: the formatter's strict lint runs before anything is built, and
# ESLint and css-tree check the web remote's and the bridge's JavaScript and CSS, and pyflakes the
# test programs and examples in Python (make lint-style); then the DocC catalogs are built (make
# docs).
lint:
	@scripts/install-deps.sh $(LINT_PACKAGES)
	@$(MAKE) --no-print-directory lint-style docs

lint-style:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples Benchmarks Package.swift
	@scripts/lint-web.sh
	find Tests Benchmarks Examples scripts -name '*.py' -not -path '*/.build*' -print0 | xargs -0 /usr/bin/python3 -m pyflakes

# The DocC catalogs, built by swift-docc-plugin with every warning an error: a broken symbol link,
# a missing article, an undocumented parameter fail the gate. The package-access modules are
# documented at their package (and internal) symbols, which their catalogs link to. DocC resolves
# no link across modules: another module's symbol is named in code voice (`Application`), and so
# is a declaration whose signature names a Hummingbird type (`add(to:)`, `HostCheck`), which the
# symbol graph leaves out.
DOC_TARGETS := RemoteControl RemoteControlTesting RemoteControlMPRISTesting RemoteControlMPRIS
PACKAGE_DOC_TARGETS := NowPlayingArbiter AudioSessionArbiter AudioPlayback DBus WebRemote Bridge
docs:
	$(SWIFT) package generate-documentation $(addprefix --target ,$(DOC_TARGETS)) --warnings-as-errors
	$(SWIFT) package generate-documentation $(addprefix --target ,$(PACKAGE_DOC_TARGETS)) \
		--symbol-graph-minimum-access-level internal --warnings-as-errors

# How many tests run at once. Unbounded, all ~800 start together: the end-to-end ones start
# browsers, GNOME Shell and sound servers at the same moment, a 2-core machine's CPU is theirs for
# a minute, and unit tests waiting for a turn reach their time limits. Eight keeps every core
# busy and the whole run as short (112 s here, against 124 s unbounded).
TEST_WIDTH ?= 8
# The real Bluetooth tier boots a VM under TCG for minutes: it runs alone (make test-bluetooth, and
# its own stage of make check), never inside the suite's run.
TEST_FLAGS := --experimental-maximum-parallelization-width $(TEST_WIDTH) --skip BluetoothVMTests

# The run's results (swift test writes Swift Testing's beside it, as tests-swift-testing.xml), and
# what reads them: the tests skipped with their reasons, failing when one was skipped for a part
# make test installs (each gate names its part: Tests/BusTestSupport/Requirement.swift).
TEST_RESULTS := .build/tests.xml
SKIPPED_TESTS := scripts/skipped-tests.py .build/tests-swift-testing.xml $(BUILD_PACKAGES) $(TEST_PACKAGES) \
	$(BROWSER_PACKAGES)

# What a contributor runs: the suite and what it needs, every missing package in one apt
# transaction. The package test (PackageTests) does not run here: it needs the packages make deb
# builds and changes /usr, so make check runs it, alone.
test:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(TEST_PACKAGES) $(BROWSER_PACKAGES)
	@scripts/browser-venv.sh $(BROWSER_VENV)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(TEST_FLAGS) --xunit-output $(TEST_RESULTS)
	@$(SKIPPED_TESTS)

# The real Bluetooth tier: Debian's kernel booted in qemu (TCG; KVM with BLUETOOTH_VM_ACCEL=kvm where
# it boots), a busybox initramfs, btvirt's virtual controllers and the real bluetoothd 5.66, the hub
# and binaural from this build, and a bumble car (PyPI, in BLUETOOTH_VENV) on a controller of its own.
# scripts/bluetooth-vm/ holds the VM's scripts; Tests/BluetoothVMTests asserts on what it observed.
# The phone's stream: bluealsa (bluez-alsa-utils) is the computer's A2DP sink, sbcenc (sbc-tools) the
# phone's encoder.
BLUETOOTH_PACKAGES := qemu-system-x86 linux-image-amd64 busybox-static bluez bluez-test-tools python3-venv \
	python3-dbus python3-gi dbus-daemon bluez-alsa-utils sbc-tools
BLUETOOTH_VENV := .build-bluetooth/venv
BLUETOOTH_TIMEOUT ?= 1500
# The folder of the remotectld, remotectl and binaural the VM runs (all it takes from a build): empty,
# this build's debug products; `make bluetooth-tier BLUETOOTH_EXECUTABLES=$(HOME)/.local/bin` runs the
# tier on what make install installed (release), `=/usr/bin` on the installed packages.
BLUETOOTH_EXECUTABLES ?=

bluetooth-deps:
	@scripts/install-deps.sh $(BLUETOOTH_PACKAGES)
	@scripts/bluetooth-vm/venv.sh $(BLUETOOTH_VENV)

# The tier alone, on what is built: one VM boot, every scenario, one test per scenario (bounded by
# BLUETOOTH_TIMEOUT seconds; qemu and its files are gone when it ends).
bluetooth-tier:
	@scripts/bluetooth-vm/venv.sh $(BLUETOOTH_VENV)
	BLUETOOTH_VM_TIMEOUT=$(BLUETOOTH_TIMEOUT) BLUETOOTH_VM_VENV=$(CURDIR)/$(BLUETOOTH_VENV) \
		$(if $(BLUETOOTH_EXECUTABLES),BLUETOOTH_VM_BUILD=$(abspath $(BLUETOOTH_EXECUTABLES))) \
		$(SWIFT) test --skip-build --filter BluetoothVMTests

test-bluetooth: deps bluetooth-deps
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory bluetooth-tier

# A car without a car: the same VM, binaural Now Playing, and the bumble car's display in this
# terminal, its buttons on the keyboard.
demo-car: deps bluetooth-deps
	$(SWIFT) build --product remotectld && $(SWIFT) build --product remotectl && $(SWIFT) build --product binaural
	@BLUETOOTH_VM_MODE=demo BLUETOOTH_VM_BUILD=$$($(SWIFT) build --show-bin-path) \
		BLUETOOTH_VM_VENV=$(CURDIR)/$(BLUETOOTH_VENV) scripts/bluetooth-vm/demo-car.sh

# What CI runs (.ci/run), each stage timed (scripts/stage.sh prints the table at the end, also
# when a stage fails): every package any stage needs, in one apt transaction; the debug build and
# the suite first, so that a red test is the first thing reported; then the house style and the
# DocC catalogs (make lint); the Debian packages, built once from a clean clone (make deb) and
# checked by lintian (about 20 s); and the package test, which installs them into /usr and purges
# them, so it runs alone, after the suite.
CHECK_STAGES := .build/check-stages.tsv
check:
	@mkdir -p .build && rm -f $(CHECK_STAGES); export STAGES=$(CHECK_STAGES); \
	scripts/stage.sh "packages (one apt transaction)" scripts/install-deps.sh $(BUILD_PACKAGES) \
		$(TEST_PACKAGES) $(BROWSER_PACKAGES) $(BLUETOOTH_PACKAGES) $(LINT_PACKAGES) $(DEB_PACKAGES) $(LINTIAN_PACKAGES) && \
	scripts/stage.sh "browser environment" scripts/browser-venv.sh $(BROWSER_VENV) && \
	scripts/stage.sh "debug build with tests" $(SWIFT) build --build-tests && \
	scripts/stage.sh "suite" $(SWIFT) test --skip-build $(TEST_FLAGS) --xunit-output $(TEST_RESULTS) && \
	scripts/stage.sh "skipped tests" $(SKIPPED_TESTS) && \
	scripts/stage.sh "Bluetooth tier (VM)" $(MAKE) --no-print-directory bluetooth-tier && \
	scripts/stage.sh "style lint" $(MAKE) --no-print-directory lint-style && \
	scripts/stage.sh "DocC catalogs" $(MAKE) --no-print-directory docs && \
	scripts/stage.sh "Debian packages (make deb)" scripts/build-deb.sh $(DEB_FOLDER) && \
	scripts/stage.sh "lintian" $(LINTIAN) && \
	scripts/stage.sh "package test" env REMOTE_CONTROL_DEBS=$(CURDIR)/$(DEB_FOLDER) \
		$(SWIFT) test --skip-build --filter PackageTests; \
	status=$$?; scripts/stage.sh --report; exit $$status

# CI must not flake: a clean clone of HEAD, built once, the suite run 5 times under load.
test-stress:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(TEST_PACKAGES) $(BROWSER_PACKAGES)
	@scripts/browser-venv.sh $(BROWSER_VENV)
	@SWIFT=$(SWIFT) TEST_FLAGS="$(TEST_FLAGS)" scripts/test-stress.sh

bench:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(BENCH_PACKAGES) $(TEST_PACKAGES)
	@Benchmarks/run.sh
	@Benchmarks/dbus.sh

clean:
	rm -rf .build .build-browser .build-deb Benchmarks/.build

# Installing. PREFIX is where; DESTDIR, when set, is prepended to every installed path but not
# to the paths written into the unit and activation files (for packagers). PRODUCTS names a
# folder of already built executables to install instead of building (the activation test
# installs its debug build so). CONFIGURATION is release (the default) or debug.
#
# A release build is built for speed, since a media key runs remotectl (each flag's effect is
# measured in BENCHMARKS.md):
# - the Swift runtime and libraries linked statically (no dynamic Swift runtime to load, and the
#   executables run without a Swift toolchain);
# - a position-dependent executable (-no-pie): nothing to relocate at start;
# - no exported symbols: the dynamic linker searches a few, not thousands;
# - libstdc++ and libgcc linked statically (the Swift runtime uses little of them), through a
#   linker script in .build that points -lstdc++ at libstdc++.a (skipped when there is none);
# - dead code stripped at link time: each function in a section of its own (-function-sections),
#   and public symbols no longer kept for clients outside the executable (-internalize-at-link),
#   so that the linker's --gc-sections, which SwiftPM passes, drops what nothing calls; the C and
#   C++ targets too (-ffunction-sections -fdata-sections, which SwiftPM does not pass to clang): the
#   two BoringSSL copies are a few large files each, of which the hub calls a small part;
# - no unwind tables for the C and C++ targets (-fno-asynchronous-unwind-tables, and
#   -fno-exceptions for C++): nothing unwinds through them (a C++ exception cannot cross the Swift
#   frames that call BoringSSL, and backtraces walk the frame pointers SwiftPM keeps);
# - the C and C++ targets compiled for size (-Os; Swift stays -O, as -Osize slowed a press): the
#   C code linked is BoringSSL's, twice, and llhttp, whose hot parts (SHA-256, AES, the curves) are
#   BoringSSL's assembly, which -Os leaves alone;
# - linked by lld, the toolchain's own linker (-use-ld=lld), not the system's gold: smaller output;
# - identical functions folded into one (the linker's --icf=all: generic specializations and
#   witnesses are often the same machine code), as Apple's linker's deduplication does by
#   default; Swift functions are not comparable, so folding them changes nothing we run;
# - no .eh_frame_hdr (--no-eh-frame-hdr), the unwinder's index of the unwind tables: only a C++
#   exception or glibc's backtrace() look through it, and nothing here catches a C++ exception
#   (BoringSSL is built without exceptions, the Swift runtime too), so one ends the process with or
#   without it; the tables themselves stay, for gdb, perf and systemd-coredump;
# - generic types' metadata reached through their accessor functions, not by their mangled names
#   (-disable-concrete-type-metadata-mangled-name-accessors): by name, each generic type a process
#   uses is demangled on first use and each of its requirements (a dictionary's `Hashable` key, a
#   `Result`'s `Error`) looked up by a scan of every protocol conformance in the executable: three
#   quarters of the instructions `remotectl status` ran in its own main; an accessor is handed the
#   conformances by its caller. remotectl 12 kB bigger, remotectld 44 kB smaller;
# - symbols stripped when installed.
PREFIX ?= $(HOME)/.local
CONFIGURATION ?= release
# SCRATCH names another build folder (.build-NAME), so that a release build for the benchmarks does
# not wait for, or disturb, the debug build in .build.
SCRATCH ?=
STATIC_LIBSTDCXX := $(shell clang -print-file-name=libstdc++.a 2>/dev/null)
STATIC_LIBSTDCXX_DIR := $(CURDIR)/.build/static-libstdc++
RELEASE_FLAGS := -c release --static-swift-stdlib \
	-Xswiftc -Xclang-linker -Xswiftc -no-pie \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -use-ld=lld -Xlinker --no-export-dynamic -Xlinker --icf=all -Xlinker --no-eh-frame-hdr \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -internalize-at-link \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xcc -Os -Xcc -ffunction-sections -Xcc -fdata-sections -Xcc -fno-asynchronous-unwind-tables -Xcxx -fno-exceptions \
	$(if $(filter /%,$(STATIC_LIBSTDCXX)),-Xswiftc -L$(STATIC_LIBSTDCXX_DIR)) \
	$(if $(SCRATCH),--scratch-path $(SCRATCH))
ifeq ($(CONFIGURATION),release)
SWIFT_BUILD_FLAGS ?= $(RELEASE_FLAGS)
INSTALL_STRIP ?= -s
else
SWIFT_BUILD_FLAGS ?= -c $(CONFIGURATION)
endif
EXECUTABLES := remotectl remotectld binaural
DBUS_SERVICES := io.github.swift_remote_control.Hub.service org.mpris.MediaPlayer2.remotectld.service
BINDIR := $(PREFIX)/bin
# Where systemd's user manager looks: PREFIX/share/systemd/user for a prefix in the home folder,
# else the folder systemd-analyze and pkg-config name for PREFIX (/usr/lib/systemd/user for /usr).
UNITDIR ?= $(shell scripts/systemd-user-unit-dir.sh $(PREFIX))
DBUSDIR := $(PREFIX)/share/dbus-1/services
# The web remote's page and the bridge's JavaScript clients, which the installed remotectld
# finds beside its bin folder.
WEBDIR := $(PREFIX)/share/swift-remote-control/web
BRIDGEDIR := $(PREFIX)/share/swift-remote-control/bridge
# The udev rule that gives the seat's user its headsets' keys (dist/70-remote-control-headset.rules).
# udev reads rules from its own folders only, never from a home folder: installed under PREFIX/lib/udev
# for a system prefix (/usr for the package, /usr/local), and not for a prefix in the home folder, where
# the README says how to install it by hand.
UDEV_RULE := 70-remote-control-headset.rules
UDEVDIR ?= $(if $(filter $(HOME)/%,$(PREFIX)/),,$(PREFIX)/lib/udev/rules.d)
INSTALLED := $(addprefix $(DESTDIR)$(BINDIR)/,$(EXECUTABLES)) $(DESTDIR)$(UNITDIR)/remotectld.service \
	$(addprefix $(DESTDIR)$(DBUSDIR)/,$(DBUS_SERVICES)) $(if $(UDEVDIR),$(DESTDIR)$(UDEVDIR)/$(UDEV_RULE))

# Builds the executables in one `swift build` (it takes one --product at most: SwiftPM 6.3 builds
# only the last one named). With no --product it builds every target but the tests: the test
# support (BusTestSupport…, which imports Testing) is made of test targets for that reason, and
# what else it builds (the example, the two testing libraries) is small beside the three.
release: deps
	@if [ -f "$(STATIC_LIBSTDCXX)" ]; then mkdir -p $(STATIC_LIBSTDCXX_DIR) && \
		echo 'INPUT($(STATIC_LIBSTDCXX))' > $(STATIC_LIBSTDCXX_DIR)/libstdc++.so; fi
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

install:
ifeq ($(PRODUCTS),)
	$(MAKE) --no-print-directory release
	$(MAKE) --no-print-directory install PRODUCTS="$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)"
else
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(DBUSDIR) $(DESTDIR)$(WEBDIR) \
		$(DESTDIR)$(BRIDGEDIR)
	cp -R Sources/WebRemote/Resources/. $(DESTDIR)$(WEBDIR)/
	cp -R Sources/Bridge/Resources/. $(DESTDIR)$(BRIDGEDIR)/
	install -m 755 $(INSTALL_STRIP) $(addprefix $(PRODUCTS)/,$(EXECUTABLES)) $(DESTDIR)$(BINDIR)/
	sed 's|@BINDIR@|$(BINDIR)|g' dist/remotectld.service.in > $(DESTDIR)$(UNITDIR)/remotectld.service
	$(foreach service,$(DBUS_SERVICES),sed 's|@BINDIR@|$(BINDIR)|g' dist/$(service).in \
		> $(DESTDIR)$(DBUSDIR)/$(service) &&) true
	$(if $(UDEVDIR),install -D -m 644 dist/$(UDEV_RULE) $(DESTDIR)$(UDEVDIR)/$(UDEV_RULE))
	@$(if $(DESTDIR),true,scripts/install-notes.sh $(BINDIR) $(UNITDIR) $(DBUSDIR))
endif

# The folders install made go too when nothing else is in them now, up to PREFIX but never PREFIX
# itself (rmdir removes only an empty folder).
uninstall:
	rm -f $(INSTALLED)
	rm -rf $(DESTDIR)$(WEBDIR) $(DESTDIR)$(BRIDGEDIR)
	@for folder in $(DESTDIR)$(PREFIX)/share/swift-remote-control $(DESTDIR)$(UNITDIR) $(DESTDIR)$(DBUSDIR) \
		$(if $(UDEVDIR),$(DESTDIR)$(UDEVDIR)) \
		$(DESTDIR)$(BINDIR); do \
		while [ "$$folder" != "$(DESTDIR)$(PREFIX)" ] && [ "$$folder" != / ] && rmdir "$$folder" 2>/dev/null; do \
			folder=$$(dirname "$$folder"); done; done
	@$(if $(DESTDIR),true,scripts/uninstall-notes.sh)

# Debian packages: remotectl, remotectld (which depends on remotectl) and binaural, built by
# dpkg-buildpackage from a clean clone of HEAD into DEB_FOLDER (scripts/build-deb.sh); debian/
# says how. What that needs besides BUILD_PACKAGES and the Swift toolchain: debhelper,
# dpkg-buildpackage (dpkg-dev, build-essential) and help2man for the manual pages.
DEB_PACKAGES := debhelper dpkg-dev build-essential help2man
DEB_FOLDER := .build-deb
# lintian, Debian's package checker, and what it pulls in (about 130 packages).
LINTIAN_PACKAGES := lintian

deb:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(DEB_PACKAGES)
	@scripts/build-deb.sh $(DEB_FOLDER)

# lintian on the packages: no error, and every warning fixed or overridden with its reason in
# debian/*.lintian-overrides. In a TMPDIR of its own, removed after: lintian leaves its databases
# (mldbm-elf-*) in the temporary folder.
LINTIAN = sh -c 'folder=$$(mktemp -d) && TMPDIR=$$folder lintian --fail-on error,warning --info \
	$(DEB_FOLDER)/*.changes; status=$$?; rm -rf "$$folder"; exit $$status'
lintian:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(DEB_PACKAGES) $(LINTIAN_PACKAGES)
	@scripts/build-deb.sh $(DEB_FOLDER)
	$(LINTIAN)
