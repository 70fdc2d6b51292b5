// swift-tools-version: 6.1
import PackageDescription

/// The upcoming features every Swift target is held to, on top of the Swift 6 language mode
/// (strict concurrency) that the tools version brings; applied once, below the package.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  // A member is visible only where its module is imported, so every target names what it uses.
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// The hub's parts (docs/hub.md, "The modules"): remotectld, which wires them, and its tests
/// depend on each.
let hubParts = [
  "HubAudioSession", "HubAirPlay", "HubBluetooth", "HubWebRemote", "HubBridge", "HubRelaunch",
  "HubNotifications", "HubPlayerctld", "HubButton",
]

/// swift-service-lifecycle's `Service`, which most of the hub's parts are.
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")

/// The target of the hub's part `name`: a module that depends on `HubCore`, swift-log, the
/// package's shared `libraries` and other packages' `products`, and never on another part (one
/// named among its `libraries` stops the manifest with the reason, and so no part can import
/// another). Package access only.
func hubPart(
  _ name: String, libraries: [String], products: [Target.Dependency] = [], exclude: [String] = []
) -> Target {
  let parts = libraries.filter(hubParts.contains)
  precondition(
    parts.isEmpty,
    "the hub's part \(name) depends on \(parts.joined(separator: ", ")): a part depends on HubCore and "
      + "shared libraries, never on another part (docs/hub.md, \"The modules\")")
  return .target(
    name: name,
    dependencies: ["HubCore"] + libraries.map { .byName(name: $0) }
      + [.product(name: "Logging", package: "swift-log")] + products,
    exclude: exclude)
}

let package = Package(
  name: "swift-remote-control",
  // RemoteControl, RemoteControlTesting, RemoteControlBackend, NowPlayingArbiter and
  // AudioSessionArbiter are platform-free (macOS 15 for the Synchronization module). Everything
  // else is Linux-only: the sd-bus targets (CSystemd, DBus, RemoteControlMPRIS,
  // RemoteControlMPRISTesting, PlayerView, podcasts, remotectl, and the hub: HubCore, its parts
  // (HubAudioSession, HubAirPlay, HubBluetooth, HubWebRemote, HubBridge, HubRelaunch,
  // HubNotifications, HubPlayerctld, HubButton), Listening, WebRemote, Bridge, remotectld), HubSupport (it finds resources through /proc),
  // InputDevices (evdev, inotify), the PulseAudio and ALSA ones
  // (CPulse, CPulseLoader, CALSA, AudioPlayback, SoundServer), binaural, which uses both, and the test support
  // (Glibc, dbus-daemon).
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "RemoteControl", targets: ["RemoteControl"]),
    .library(name: "RemoteControlTesting", targets: ["RemoteControlTesting"]),
    .library(name: "RemoteControlMPRIS", targets: ["RemoteControlMPRIS"]),
    .library(name: "RemoteControlMPRISTesting", targets: ["RemoteControlMPRISTesting"]),
    .executable(name: "binaural", targets: ["binaural"]),
    .executable(name: "remotectl", targets: ["remotectl"]),
    .executable(name: "remotectld", targets: ["remotectld"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // No traits: the default FullFoundation trait imports full Foundation (and so ICU's data) for
    // URL-encoded forms, which the hub does not use; ConfigurationSupport is unused too.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // swift-certificates (through Hummingbird) already takes any of 3.12.3 up to 6; the same range
    // keeps one resolution for both.
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"6.0.0"),
    // The web remote names HTTP fields and statuses by swift-http-types's types, as Hummingbird
    // does; the version Hummingbird itself asks for.
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    // The web remote and the bridge use SwiftNIO's buffers and WebSocket close codes, which
    // Hummingbird's API hands them; the version Hummingbird resolves.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // TLS for the bridge's https artwork downloads, whose HTTP/1.1 client is the bridge's own, on
    // SwiftNIO: no FoundationNetworking (libcurl), no full Foundation, no HTTP/2 or compression.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    // The hub's listeners, bound at start and served from their first connection on, stop as
    // Hummingbird's server does (NIOExtras' ServerQuiescingHelper); the version Hummingbird resolves.
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    // `swift package generate-documentation`: the lint gate builds the DocC catalogs with it, and a
    // broken link fails the gate. A command plugin, so nothing of it is linked into a product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // The platform-free heart: events, responder chain, command center, Now Playing info.
    .target(name: "RemoteControl"),
    // What users need to test their own apps without a bus.
    .target(
      name: "RemoteControlTesting",
      dependencies: ["RemoteControl"]
    ),
    // What every backend needs to mirror an application: the command-state copy, position-jump
    // detection and the hop to the main actor. Package access only; no D-Bus.
    .target(
      name: "RemoteControlBackend",
      dependencies: ["RemoteControl"]
    ),
    // libsystemd's sd-bus, and a header-only shim for what Swift cannot import.
    .systemLibrary(
      name: "CSystemd",
      pkgConfig: "libsystemd",
      providers: [.apt(["libsystemd-dev"])]
    ),
    // D-Bus over sd-bus: connections, names, exported objects, marshalling. Package access only.
    .target(
      name: "DBus",
      dependencies: ["CSystemd"]
    ),
    // The MPRIS 2.2 player and client over the DBus module.
    .target(
      name: "RemoteControlMPRIS",
      dependencies: [
        "RemoteControl",
        "RemoteControlBackend",
        "DBus",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]
    ),
    // What users need to test their own player over a real bus: a private dbus-daemon, their
    // application run as a player on it, and a client of that player.
    .target(
      name: "RemoteControlMPRISTesting",
      dependencies: [
        "RemoteControl",
        "RemoteControlMPRIS",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The README's "Use it" snippet, whole, so that it keeps compiling (GettingStartedTests
    // checks that the two agree and runs it).
    .executableTarget(
      name: "podcasts",
      dependencies: ["RemoteControl", "RemoteControlMPRIS"],
      path: "Examples/podcasts"
    ),
    // libpulse's simple API (PulseAudio protocol, which PipeWire also serves) and ALSA.
    .systemLibrary(
      name: "CPulse",
      providers: [.apt(["libpulse-dev"])]
    ),
    .systemLibrary(
      name: "CALSA",
      providers: [.apt(["libasound2-dev"])]
    ),
    // Sound: binaural-beat synthesis in real time, and the outputs it plays to.
    .target(
      name: "AudioPlayback",
      dependencies: ["CPulse", "CALSA", "HubSupport"]
    ),
    // The example player: binaural-beat presets, remote-controllable over MPRIS.
    .executableTarget(
      name: "binaural",
      dependencies: [
        "RemoteControl",
        "AudioPlayback",
        "HubSupport",
        "RemoteControlMPRIS",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]
    ),
    // The controller: playerctl's verbs and habits for any MPRIS player, and more.
    .executableTarget(
      name: "remotectl",
      dependencies: [
        "RemoteControl",
        "RemoteControlMPRIS",
        "DBus",
        "HubSupport",
        "HubAPI",
        // The doctor tells players from proxies by the hub's own rule.
        "NowPlayingArbiter",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The Now Playing rule: which player the keys reach, as a pure state machine.
    .target(name: "NowPlayingArbiter"),
    // What the hub's modules and remotectl share, written once: constant-time comparison, the
    // JSON value and its string literals, finding a module's resources. Package access only.
    .target(name: "HubSupport"),
    // The hub's one hop for blocking work, on SwiftNIO's thread pool. Apart from HubSupport so
    // that binaural and remotectl, which share HubSupport but hand it no work, do not link
    // NIOPosix. Package access only.
    .target(
      name: "BlockingIOPool",
      dependencies: ["HubSupport", .product(name: "NIOPosix", package: "swift-nio")]
    ),
    // The hub's own D-Bus API, said once: its bus name and path, and each of its interfaces'
    // names, members and errors (Hub1, AudioSession1, Button1, WebRemote1, Bridge1, Relaunch1,
    // and playerctld's, which it answers), read by remotectld, remotectl and the tests. Names
    // only, no D-Bus code. Package access only.
    .target(name: "HubAPI", dependencies: ["DBus"]),
    // The hub's one view of the players: each watched once, one mirror each, observed by every
    // part of the hub. Package access only.
    .target(
      name: "PlayerView",
      dependencies: [
        "DBus",
        "RemoteControl",
        "RemoteControlMPRIS",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The audio session rule: whom a call interrupts and resumes, whom a lost output pauses, as a
    // pure state machine.
    .target(name: "AudioSessionArbiter"),
    // libpulse loaded at run time (`dlopen`) rather than linked, for SoundServer: the hub maps
    // libpulse, and the libraries it loads, only once a sound server is to be reached.
    .target(name: "CPulseLoader"),
    // The sound server seen through libpulse's introspection and subscription: streams with their
    // roles and processes, sinks and ports. Package access only.
    .target(
      name: "SoundServer",
      dependencies: ["CPulseLoader", "HubSupport"]
    ),
    // The web remote: any browser as the lock screen, over REST and a WebSocket, with pairing,
    // signed requests, artwork and the page's static files.
    .target(
      name: "WebRemote",
      dependencies: [
        "DBus",
        "RemoteControl",
        "HubSupport",
        "BlockingIOPool",
        "PlayerView",
        "RemoteControlMPRIS",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      // Not SwiftPM resources: their generated accessor imports full Foundation (see
      // ResourceLocator); `make install` copies the folder.
      exclude: ["Resources"]
    ),
    // The bridge: web pages, web views and programs registering over a WebSocket, each
    // published as an MPRIS player, with the JavaScript clients it serves.
    .target(
      name: "Bridge",
      dependencies: [
        "DBus",
        "HubSupport",
        "RemoteControl",
        "RemoteControlMPRIS",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      // Not SwiftPM resources: their generated accessor imports full Foundation (see
      // ResourceLocator); `make install` copies the folder.
      exclude: ["Resources"]
    ),
    // The hub's core: the view of the players, the Now Playing object and its rule, the outlets'
    // protocol, the command path, the relays' registry and the bus thread they all run on. Every
    // part of the hub depends on it and on no other part; the core, and a part, call another
    // part only through a protocol of the core's (`PressListener`, `AppRelauncher`,
    // `RemotePlayers`) that remotectld wires. Package access only.
    .target(
      name: "HubCore",
      dependencies: [
        "DBus",
        "HubAPI",
        "NowPlayingArbiter",
        "PlayerView",
        "RemoteControl",
        "RemoteControlMPRIS",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The listening sockets the hub binds at start and holds, served by SwiftNIO from the first
    // connection on: shared by the web remote and the bridge, no part of the hub's core.
    .target(
      name: "Listening",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOExtras", package: "swift-nio-extras"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The hub's parts (`hubParts`, `hubPart(_:libraries:products:exclude:)` below): each one
    // module that depends on HubCore and shared libraries, never on another part; remotectld
    // wires them (docs/hub.md, "The modules").
    //
    // The audio session (calls, lost outputs, exclusive playback; remote players silenced through
    // the core's `RemotePlayers`) and sleep through logind.
    hubPart(
      "HubAudioSession",
      libraries: [
        "AudioSessionArbiter", "BlockingIOPool", "DBus", "HubAPI", "HubSupport", "PlayerView",
        "RemoteControl", "RemoteControlMPRIS", "SoundServer", "WebRemote",
      ],
      products: [serviceLifecycle]),
    // AirPlay and the system bus: the system bus's MPRIS players, each relayed to the session bus
    // as `NAME.system` (`SystemBus/`); shairport-sync's AirPlay receiver among them, a remote
    // player for the audio session, its streams silenced on the sound server (`AirPlay/`).
    hubPart(
      "HubAirPlay", libraries: ["DBus", "HubAPI", "PlayerView", "RemoteControlMPRIS", "SoundServer"],
      products: [serviceLifecycle]),
    // Cars and earbuds over BlueZ: the Now Playing player registered with every adapter, and
    // devices' own players relayed to the session bus.
    hubPart(
      "HubBluetooth",
      libraries: [
        "BlockingIOPool", "DBus", "HubAPI", "HubSupport", "NowPlayingArbiter", "PlayerView",
        "RemoteControlMPRIS",
      ],
      products: [serviceLifecycle]),
    // The web server and the web remote (`WebRemote`) on the hub's command path.
    hubPart(
      "HubWebRemote",
      libraries: ["Listening", "DBus", "HubAPI", "NowPlayingArbiter", "RemoteControl", "WebRemote"],
      products: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        serviceLifecycle,
      ]),
    // The bridge (`Bridge`) as the hub serves it: its listeners (the unix socket and loopback
    // TCP), its files in the runtime folder, and its status for `remotectl doctor`.
    hubPart(
      "HubBridge",
      libraries: ["Bridge", "DBus", "HubAPI", "HubSupport", "Listening"],
      products: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        serviceLifecycle,
      ]),
    // Bringing back the last Now Playing app (the command path's `AppRelauncher`).
    hubPart(
      "HubRelaunch",
      libraries: [
        "BlockingIOPool", "DBus", "HubAPI", "HubSupport", "NowPlayingArbiter", "PlayerView",
        "RemoteControlMPRIS",
      ]),
    // A desktop notification per track the Now Playing player plays (`--notify`).
    hubPart(
      "HubNotifications",
      libraries: ["DBus", "HubAPI", "NowPlayingArbiter", "PlayerView", "RemoteControlMPRIS"],
      products: [serviceLifecycle]),
    // playerctld's interface, answered while playerctld does not run.
    hubPart("HubPlayerctld", libraries: ["DBus", "HubAPI", "NowPlayingArbiter"]),
    // The headsets' and remotes' input devices (evdev) read on a thread of their own: the headset's
    // own button and held seek keys, bluetoothd's AVRCP device among them. Package access only.
    .target(
      name: "InputDevices",
      dependencies: ["HubSupport", .product(name: "Logging", package: "swift-log")]
    ),
    // The headset button's clicks and holds (`Button1`, or the headset's own input device), as iOS
    // counts them, and held seek keys.
    hubPart(
      "HubButton",
      libraries: [
        "DBus", "HubAPI", "InputDevices", "NowPlayingArbiter", "PlayerView", "RemoteControl",
        "RemoteControlMPRIS",
      ]),
    // The Now Playing hub for the user's session bus.
    .executableTarget(
      name: "remotectld",
      // Each part, and what remotectld's own files import: the command line, the configuration
      // file and the wiring (`HubService`).
      dependencies: ["HubCore"] + hubParts.map { .byName(name: $0) } + [
        "BlockingIOPool",
        "DBus",
        "HubAPI",
        "HubSupport",
        "InputDevices",
        "NowPlayingArbiter",
        "PlayerView",
        "RemoteControl",
        "WebRemote",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        serviceLifecycle,
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]
    ),
    // What the bus tests share: one private dbus-daemon launcher, a child-process runner, the
    // clients they drive (playerctl, busctl, gdbus, python3-dbus) and waiting for what they compare.
    // The test support targets are test targets (with no tests of their own), which other test
    // targets may depend on: they import Testing, which a release build (the static Swift SDK
    // has no Testing module) cannot find, and a plain `swift build` builds no test target.
    .testTarget(
      name: "BusTestSupport",
      dependencies: ["HubSupport", "HubAPI"],
      path: "Tests/BusTestSupport",
      // The Python programs, found beside the Swift that runs them (`PythonProgram`).
      exclude: [
        "audio_child_player.py", "mpris_client.py", "mpris_player.py", "queue_monitor.py",
        "signal_monitor.py",
      ]
    ),
    // A headless Chromium driven through selenium, for the tests that use a page as people do.
    .testTarget(
      name: "BrowserTestSupport",
      dependencies: ["BusTestSupport"],
      path: "Tests/BrowserTestSupport",
      exclude: ["selenium_driver.py"]
    ),
    .testTarget(
      name: "BrowserTestSupportTests",
      dependencies: ["BrowserTestSupport", "BusTestSupport"]
    ),
    // The web remote's page in headless Chromium, against a real remotectld and real players.
    .testTarget(
      name: "WebRemoteBrowserTests",
      dependencies: [
        "BrowserTestSupport", "BusTestSupport", "SoundTestSupport", "WebRemote",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      exclude: ["Support/lan_capture.py"]
    ),
    // remote-control.js and the Cordova shim in a real Chromium, against remotectld's bridge and
    // beside Chromium's own MPRIS player.
    .testTarget(
      name: "BridgeBrowserTests",
      dependencies: ["BrowserTestSupport", "BusTestSupport"],
      exclude: ["Support/mpris_probe.py"]
    ),
    // The input devices' reader on real files (a FIFO for each event node: no /dev/uinput here).
    .testTarget(
      name: "InputDevicesTests",
      dependencies: ["InputDevices", .product(name: "Logging", package: "swift-log")]
    ),
    .testTarget(
      name: "RemoteControlTests",
      dependencies: ["RemoteControl", "RemoteControlTesting"]
    ),
    .testTarget(
      name: "RemoteControlBackendTests",
      dependencies: ["RemoteControl", "RemoteControlTesting", "RemoteControlBackend"]
    ),
    .testTarget(
      name: "DBusTests",
      dependencies: ["DBus", "BusTestSupport"],
      exclude: ["metadata_reader.py", "properties_changed_listener.py"]
    ),
    .testTarget(
      name: "RemoteControlMPRISTests",
      dependencies: [
        "RemoteControl", "RemoteControlTesting", "RemoteControlMPRIS", "BusTestSupport", "HubSupport", "DBus",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      exclude: ["set_then_get.py"]
    ),
    // A pulseaudio of the test's own, recorded, and measuring what it recorded (Goertzel tones,
    // levels), shared by the tests that play sound.
    .testTarget(
      name: "SoundTestSupport",
      dependencies: ["BusTestSupport"],
      path: "Tests/SoundTestSupport"
    ),
    .testTarget(
      name: "AudioPlaybackTests",
      dependencies: ["AudioPlayback", "BusTestSupport", "SoundTestSupport"]
    ),
    // The example player, run as users run it: driven by playerctl, heard, through a terminal.
    .testTarget(
      name: "binauralTests",
      dependencies: ["binaural", "BusTestSupport", "SoundTestSupport", "HubSupport"]
    ),
    .testTarget(
      name: "remotectlTests",
      dependencies: [
        "remotectl", "BusTestSupport", "DBus", "HubSupport", "HubAPI", "NowPlayingArbiter",
        "RemoteControlMPRIS",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      exclude: [
        "EndToEnd/extension_test_player.py", "EndToEnd/seeking_player.py", "EndToEnd/mock_player.py",
        "EndToEnd/mute_hub.py",
      ]
    ),
    .testTarget(
      name: "PlayerViewTests",
      dependencies: [
        "PlayerView", "DBus", "RemoteControl", "BusTestSupport",
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["late_player.py"]
    ),
    .testTarget(
      name: "BlockingIOPoolTests",
      dependencies: ["BlockingIOPool"]
    ),
    // HubSupport's spawner, atomic write, detached thread and /proc reader, with real processes
    // and files.
    .testTarget(
      name: "HubSupportTests",
      dependencies: ["HubSupport"]
    ),
    .testTarget(
      name: "NowPlayingArbiterTests",
      dependencies: ["NowPlayingArbiter"]
    ),
    .testTarget(
      name: "AudioSessionArbiterTests",
      dependencies: ["AudioSessionArbiter"]
    ),
    .testTarget(
      name: "SoundServerTests",
      dependencies: ["SoundServer", "HubSupport", "BusTestSupport", "SoundTestSupport"]
    ),
    .testTarget(
      name: "WebRemoteTests",
      dependencies: [
        "WebRemote",
        "DBus",
        "PlayerView",
        "RemoteControl",
        "RemoteControlMPRIS",
        "BusTestSupport",
        "HubSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        "remotectl",
      ],
      exclude: ["segno_matrix.py"]
    ),
    .testTarget(
      name: "BridgeTests",
      dependencies: [
        "Bridge",
        "remotectld",
        "RemoteControl",
        "RemoteControlMPRIS",
        "BusTestSupport",
        "HubSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ],
      exclude: ["browser_connection.py"]
    ),
    .testTarget(
      name: "remotectldTests",
      dependencies: ["remotectld", "HubCore"] + hubParts.map { .byName(name: $0) } + [
        "BusTestSupport", "SoundTestSupport", "WebRemote", "HubAPI",
      ],
      exclude: [
        "Support/extension_player.py", "Support/logind_stand_in.py", "Support/BlueZ",
        "Support/hub_observer.py",
        "HubAudioSession/kdeconnect_pausemusic.py",
        "Support/AirPlay",
        "Support/system_player.py",
        "Support/churn_players.py", "Support/nonsense_players.py", "Support/holding_still_players.py",
        "Support/media_keys.py",
        "Support/activatable_app.py", "Support/child_object_player.py", "sleep_toggler_player.py",
        "sleep_mute_player.py", "write_through_proxy.py", "wrongly_typed_player.py",
        "mute_nonsense_player.py", "name_owner.py", "two_names_and_kde_connect.py",
        "button_clicks.py",
        "sleep_late_status_player.py",
      ]
    ),
    // The real Bluetooth tier: bluetoothd 5.66 and a bumble car in a qemu VM (make test-bluetooth);
    // not part of make test's run (TEST_FLAGS skips it), make check runs it as a stage of its own.
    .testTarget(
      name: "BluetoothVMTests",
      dependencies: ["BusTestSupport"]
    ),
    // The hub beside the players people use, run for real as an unprivileged user: Chromium and
    // Firefox ESR, VLC, mpv, and mpv in a Flatpak-shaped sandbox, on PulseAudio and PipeWire.
    .testTarget(
      name: "RealPlayerTests",
      dependencies: ["BusTestSupport", "SoundTestSupport", "BrowserTestSupport"]
    ),
    .testTarget(
      name: "RemoteControlMPRISTestingTests",
      dependencies: ["RemoteControl", "RemoteControlMPRIS", "RemoteControlMPRISTesting"]
    ),
    // The README's player and the porting article's interruption example, compiled and run as a
    // user would; and the one version the executables, the README and the CHANGELOG state.
    .testTarget(
      name: "GettingStartedTests",
      dependencies: [
        "podcasts", "RemoteControl", "RemoteControlMPRIS", "RemoteControlMPRISTesting", "BusTestSupport",
      ]
    ),
  ]
)

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
