import BusTestSupport
import Foundation
import Glibc
import SoundTestSupport
import Synchronization

/// AirPlay without a phone: Debian's `shairport-sync` 3.3.8 run as Debian runs it (its own
/// `shairport-sync` user, its MPRIS player `org.mpris.MediaPlayer2.ShairportSync` and its own
/// interface `org.gnome.ShairportSync` on the system bus), on a private system bus, its sound to a
/// private PulseAudio, on a free port; and a real sender, ``AirPlaySender`` (pyatv over RAOP on
/// 127.0.0.1). No avahi-daemon: shairport-sync's avahi client finds none on the private system bus,
/// logs a warning every 2 s, and serves RTSP all the same; the sender is given the port by hand.
///
/// What differs from Debian's service is only where things are: the configuration file (a
/// private one, with `mpris_service_bus` and `dbus_service_bus` "system", Debian's defaults, said
/// out loud), `output_backend = "pa"` to the test's server, the port, its log to a file, and its
/// cover-art cache and metadata pipe in the test's folder.
///
///     try await ShairportSync.Stage.with { stage in
///       let sender = try stage.receiver.send(title: "A", artist: "B", album: "C", seconds: 4)
///       let start = try await sender.started()
///       try await stage.receiver.waitForStatus("Playing")
///     }
struct ShairportSync: Sendable {
  /// Its MPRIS name on the system bus.
  static let mprisName = "org.mpris.MediaPlayer2.ShairportSync"
  /// Its own interface's name (and interface) on the system bus.
  static let nativeName = "org.gnome.ShairportSync"
  /// The interface whose `Available` says whether a command can reach the sender (DACP).
  static let remoteControlInterface = "org.gnome.ShairportSync.RemoteControl"
  /// Where its MPRIS player is.
  static let mprisPath = "/org/mpris/MediaPlayer2"
  /// Where its own interfaces are.
  static let nativePath = "/org/gnome/ShairportSync"
  /// The name the hub relays it under on the session bus (MPRIS's instance form, see the relay
  /// design).
  static let relayName = "\(mprisName).system"
  /// The user Debian's package makes and its unit runs it as.
  static let user = "shairport-sync"
  static let executable = "/usr/bin/shairport-sync"

  /// Whether Debian's shairport-sync (with its user) and PulseAudio are installed; the sender's
  /// pyatv is checked when a sender starts (``AirPlaySender``), with the fix in the error.
  static var isInstalled: Requirement {
    .part(
      "\(executable) and its user \(user)", from: .debianPackage("shairport-sync"),
      isPresent: FileManager.default.isExecutableFile(atPath: executable) && getpwnam(user) != nil)
      && PulseAudioServer.requirement
  }

  /// The system bus it is on.
  let systemBus: ConfiguredBus
  /// Its RTSP port on 127.0.0.1 (and every other address).
  let port: Int
  /// Its folder: configuration, log, cover-art cache, metadata pipe.
  let folder: URL
  let process: ChildProcess

  /// Starts shairport-sync on `systemBus`, playing to the PulseAudio at `soundServer`
  /// (`unix:/…/native`), with its files in a fresh folder under `parent`; returns once it owns
  /// both its names and listens on its port.
  static func start(on systemBus: ConfiguredBus, soundServer: String, in parent: URL) async throws
    -> ShairportSync
  {
    guard let account = getpwnam(user) else { throw TestFailure("no user \(user): install shairport-sync") }
    let (uid, gid) = (account.pointee.pw_uid, account.pointee.pw_gid)
    let folder = parent.appendingPathComponent("shairport-sync-\(UUID().uuidString.prefix(8))")
    for made in [folder, folder.appendingPathComponent("coverart")] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
      try FileManager.default.setAttributes(
        [.ownerAccountID: uid, .groupOwnerAccountID: gid, .posixPermissions: 0o755], ofItemAtPath: made.path)
    }
    let port = try TakenPort.free()
    let configuration = folder.appendingPathComponent("shairport-sync.conf")
    try Self.configuration(port: port, soundServer: soundServer, folder: folder)
      .write(to: configuration, atomically: true, encoding: .utf8)
    // As the unit runs it (User=, Group=, and the user's groups: audio), by setpriv, which
    // executes it in place: the child's process id is shairport-sync's.
    let process = try ChildProcess(
      "/usr/bin/setpriv",
      [
        "--reuid=\(uid)", "--regid=\(gid)", "--init-groups", "--", executable, "-c", configuration.path,
      ],
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address, "HOME": folder.path],
      standardError: .file(folder.appendingPathComponent("shairport-sync.log").path))
    let receiver = ShairportSync(systemBus: systemBus, port: port, folder: folder, process: process)
    do {
      try await eventually("shairport-sync to own its names and listen on \(port)") {
        guard process.exitStatus == nil else { throw TestFailure("shairport-sync ended:\n\(receiver.log)") }
        let pid = process.processIdentifier
        guard try await systemBus.processIdentifier(of: mprisName) == pid,
          try await systemBus.processIdentifier(of: nativeName) == pid
        else { return false }
        let listening = try await ChildProcess.run("ss", ["-Hltn", "sport = :\(port)"])
        return !listening.trimmed.isEmpty
      }
    } catch {
      await receiver.stop()
      throw TestFailure("\(error)\nshairport-sync's log:\n\(receiver.log)")
    }
    return receiver
  }

  /// The configuration file: Debian's defaults but for the bus names said out loud, the sound
  /// server, the port, and where its files go.
  private static func configuration(port: Int, soundServer: String, folder: URL) -> String {
    """
    general = {
      name = "remotectl test";
      port = \(port);
      udp_port_base = \(port + 1);
      udp_port_range = 100;
      output_backend = "pa";
      mpris_service_bus = "system";
      dbus_service_bus = "system";
    };
    pa = { server = "\(soundServer)"; application_name = "Shairport Sync"; };
    metadata = {
      enabled = "yes";
      include_cover_art = "yes";
      cover_art_cache_directory = "\(folder.path)/coverart";
      pipe_name = "\(folder.path)/metadata";
    };
    diagnostics = { log_output_to = "stderr"; log_verbosity = 1; };

    """
  }

  /// Stops it (SIGTERM, as systemd stops the unit) and removes its folder.
  func stop() async {
    await process.terminate()
    try? FileManager.default.removeItem(at: folder)
  }

  /// What it logged.
  var log: String {
    (try? String(contentsOf: folder.appendingPathComponent("shairport-sync.log"), encoding: .utf8)) ?? ""
  }

  // MARK: - Reading it on the system bus

  /// One property, as `busctl --json=short` gives it: `{"type": …, "data": …}`'s data (a String,
  /// a number, a Bool, an array, or a dictionary of such objects for `a{sv}`).
  func property(_ name: String, interface: String = "org.mpris.MediaPlayer2.Player") async throws -> Any {
    let path = interface.hasPrefix(Self.nativeName) ? Self.nativePath : Self.mprisPath
    let destination = interface.hasPrefix(Self.nativeName) ? Self.nativeName : Self.mprisName
    let result = try await ChildProcess.run(
      "busctl",
      ["--address=\(systemBus.address)", "--json=short", "get-property", destination, path, interface, name])
    guard result.succeeded,
      let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
      let data = object["data"]
    else { throw TestFailure("reading shairport-sync's \(interface).\(name) failed: \(result)") }
    return data
  }

  /// Its MPRIS `PlaybackStatus`, as it says it ("Not Available" included).
  func playbackStatus() async throws -> String {
    try await property("PlaybackStatus") as? String ?? ""
  }

  /// Its MPRIS `Metadata`'s `xesam:title`, or `nil` when it has none.
  func title() async throws -> String? {
    let metadata = try await property("Metadata") as? [String: Any]
    return (metadata?["xesam:title"] as? [String: Any])?["data"] as? String
  }

  /// Its `org.gnome.ShairportSync` `Active` (true from a sender's connection until
  /// `active_state_timeout`, 10 s by default, after the play ends).
  func isActive() async throws -> Bool {
    try await property("Active", interface: Self.nativeName) as? Bool ?? false
  }

  /// Its `org.gnome.ShairportSync.RemoteControl` `Available`: whether it found the sender's DACP
  /// service to send commands back to (never here: no mDNS, and pyatv offers none).
  func remoteControlIsAvailable() async throws -> Bool {
    try await property("Available", interface: Self.remoteControlInterface) as? Bool ?? false
  }

  /// Waits until its MPRIS `PlaybackStatus` is `status` (polled; for the instant it said so, use
  /// ``monitor()``).
  func waitForStatus(_ status: String, within timeout: Duration = .seconds(10)) async throws {
    _ = try await eventually(
      "shairport-sync's PlaybackStatus \(status)", within: timeout, { try await playbackStatus() }
    ) { $0 == status }
  }

  /// The monitor of its signals on the system bus (its MPRIS player and its own interface
  /// share one connection), each line stamped with its arrival; ready when returned.
  func monitor() async throws -> StampedMonitor {
    try await StampedMonitor.start(address: systemBus.address, sender: Self.mprisName)
  }

  /// Starts a sender streaming `seconds` of a tone to it with this title, artist and album (and a
  /// 1×1 JPEG as artwork).
  func send(
    title: String = "Song of the Loopback", artist: String = "The Harness", album: String = "Tests",
    seconds: Double = 4
  ) throws -> AirPlaySender {
    try AirPlaySender(port: port, title: title, artist: artist, album: album, seconds: seconds)
  }
}

// MARK: - The stage

extension ShairportSync {
  /// A private system bus, a private PulseAudio and shairport-sync on them: what a test of the
  /// hub with AirPlay needs besides its session bus.
  struct Stage: Sendable {
    /// The private system bus (policy: everyone may own and send anything).
    let systemBus: ConfiguredBus
    /// The private PulseAudio shairport-sync plays to (with the modules asked for).
    let sound: SoundServerUnderTest
    /// shairport-sync.
    let receiver: ShairportSync

    /// What the hub needs in its environment to see this system bus and this sound server.
    var environment: [String: String] {
      ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address, "PULSE_SERVER": sound.address]
    }

    /// Starts a system bus in `folder` (a `PrivateBus`'s directory, say; a fresh temporary folder
    /// when `nil`), a PulseAudio with `modules` loaded (`module-role-cork` for calls), and
    /// shairport-sync; runs `body`; stops them all, whether `body` returns or throws (its error
    /// then carries shairport-sync's log).
    static func with<Result>(
      in folder: URL? = nil, loading modules: [String] = [], _ body: (Stage) async throws -> Result
    ) async throws -> Result {
      let made = folder == nil
      let folder =
        folder
        ?? FileManager.default.temporaryDirectory.appendingPathComponent(
          "airplay-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // Other users (shairport-sync's) reach the bus socket and their own folder through it.
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      let systemBus = try await ConfiguredBus.start(.system, in: folder)
      // PulseAudio keeps its runtime folder to its own user: shairport-sync's user reaches it
      // through a second socket, in the folder.
      let socket = folder.appendingPathComponent("pulse-native").path
      let sound: SoundServerUnderTest
      do {
        sound = try await SoundServerUnderTest.start(.pulseAudio, loading: modules)
      } catch {
        await systemBus.stop()
        throw error
      }
      let receiver: ShairportSync
      do {
        _ = try await sound.pactl(
          "load-module", "module-native-protocol-unix", "socket=\(socket)", "auth-anonymous=1")
        receiver = try await ShairportSync.start(on: systemBus, soundServer: "unix:\(socket)", in: folder)
      } catch {
        await sound.stop()
        await systemBus.stop()
        throw error
      }
      let stage = Stage(systemBus: systemBus, sound: sound, receiver: receiver)
      let result: Result
      do {
        result = try await body(stage)
      } catch {
        let log = receiver.log
        await stage.stop(removing: made ? folder : nil)
        throw TestFailure("\(error)\nshairport-sync's log:\n\(log.suffix(4000))")
      }
      await stage.stop(removing: made ? folder : nil)
      return result
    }

    /// The index of shairport-sync's sink-input on the sound server (its stream while it plays,
    /// application.name "Shairport Sync"), or `nil` when it has none.
    func sinkInput() async throws -> Int? {
      let json = try await sound.pactl("--format=json", "list", "sink-inputs")
      let inputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
      return inputs.first { input in
        (input["properties"] as? [String: Any])?["application.name"] as? String == "Shairport Sync"
      }?["index"] as? Int
    }

    /// Waits until shairport-sync plays a sender's sound: its stream on the sound server, and
    /// PlaybackStatus Playing (past the Playing and Paused it may say as pyatv's RECORD and FLUSH
    /// arrive).
    func waitUntilSounding(within timeout: Duration = .seconds(15)) async throws {
      try await eventually("shairport-sync to play a sender's sound", within: timeout) {
        guard try await sinkInput() != nil else { return false }
        return try await receiver.playbackStatus() == "Playing"
      }
    }

    private func stop(removing folder: URL?) async {
      await receiver.stop()
      await sound.stop()
      await systemBus.stop()
      if let folder { try? FileManager.default.removeItem(at: folder) }
    }
  }
}

// MARK: - The sender

/// A real AirPlay sender on loopback: `AirPlay/airplay_sender.py`, pyatv 0.18 (PyPI, in the
/// Python environment `make test` makes, `.build-browser/venv`) streaming a generated tone over
/// RAOP to 127.0.0.1 with a title, artist, album and artwork, as a phone streams to
/// shairport-sync. It drops the `a=fmtp` line pyatv adds to its announcement of raw PCM (a quirk
/// of the sender, not of the receiver: shairport-sync 3.3.8 would decode the PCM as ALAC and
/// abort); the script says why.
struct AirPlaySender: Sendable {
  /// The Python with pyatv.
  static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      ".build-browser/venv/bin/python"
    )
    .path
  static let script = PythonProgram.path("AirPlay/airplay_sender.py")

  let process: ChildProcess
  /// Its output lines, stamped with their arrival.
  let output: StampedOutput

  /// Starts streaming `seconds` of tone to 127.0.0.1:`port`.
  ///
  /// - Throws: ``TestFailure`` when the Python environment is missing (`make test` makes it).
  init(port: Int, title: String, artist: String, album: String, seconds: Double) throws {
    guard FileManager.default.isExecutableFile(atPath: Self.python) else {
      throw TestFailure("no pyatv environment at \(Self.python): run `make browser-deps` (make test does)")
    }
    let output = StampedOutput()
    self.output = output
    process = try ChildProcess(
      Self.python, [Self.script, "\(port)", "\(seconds)", title, artist, album],
      environment: ["PYTHONUNBUFFERED": "1"], standardInput: .pipe, standardOutput: .stream(output.receive))
  }

  /// Changes the track within the session, as a phone does: the new title (same artist and
  /// album) in an RTSP `SET_PARAMETER`; returns once shairport-sync answered it.
  func changeTrack(to title: String) async throws {
    try process.write("track \(title)\n")
    _ = try await output.wait(within: .seconds(10)) { $0.contains(#""event": "track""#) }
  }

  /// The instant the stream started (the sender's `streaming` line arrived: it then hands pyatv
  /// the file, after the RTSP connection is up).
  @discardableResult
  func started(within timeout: Duration = .seconds(20)) async throws -> ContinuousClock.Instant {
    try await step("streaming", within: timeout)
  }

  /// The instant the stream ended (pyatv sent the whole file and a TEARDOWN).
  @discardableResult
  func finished(within timeout: Duration = .seconds(30)) async throws -> ContinuousClock.Instant {
    try await step("finished", within: timeout)
  }

  private func step(_ event: String, within timeout: Duration) async throws -> ContinuousClock.Instant {
    do {
      return try await output.wait(within: timeout) { line in
        if line.contains(#""event": "failed""#) { throw TestFailure("the sender failed: \(line)") }
        return line.contains(#""event": "\#(event)""#)
      }.arrival
    } catch {
      throw TestFailure("\(error)\nthe sender's error output: \(process.standardError.suffix(3000))")
    }
  }

  /// Ends the stream early (SIGTERM: the sender stops as a phone that stops does).
  func stop() async {
    await process.terminate()
  }
}

// MARK: - Lines stamped with their arrival

/// A child's output lines, each with the instant its bytes arrived: a figure measured from a
/// line is measured from when it came, not from when the test looked.
final class StampedOutput: Sendable {
  /// A line and when it arrived.
  struct Line: Sendable {
    let text: String
    let arrival: ContinuousClock.Instant
  }

  private struct State {
    var partial = Data()
    var lines: [Line] = []
    /// The lines before it were taken by ``wait(within:for:)``.
    var cursor = 0
  }
  private let state = Mutex(State())

  /// Takes in a chunk of output (``ChildProcess/StandardOutput/stream(_:)``'s callback).
  @Sendable func receive(_ data: Data) {
    let now = ContinuousClock.now
    state.withLock { state in
      state.partial.append(data)
      while let end = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
        let text = String(decoding: state.partial[state.partial.startIndex..<end], as: UTF8.self)
        state.partial.removeSubrange(state.partial.startIndex...end)
        state.lines.append(Line(text: text, arrival: now))
      }
    }
  }

  /// Every line so far.
  var lines: [Line] { state.withLock { $0.lines } }

  /// Waits (polling every 10 ms) for the next line, after those taken before, that `condition`
  /// accepts; takes it and those before it.
  func wait(within timeout: Duration = .seconds(10), for condition: (String) throws -> Bool) async throws
    -> Line
  {
    try await eventually("a line", within: timeout) { () throws -> Line? in
      try state.withLock { state -> Line? in
        while state.cursor < state.lines.count {
          let line = state.lines[state.cursor]
          state.cursor += 1
          if try condition(line.text) { return line }
        }
        return nil
      }
    }
  }
}

/// The signals one bus name sends (BusTestSupport's ``NameMonitor``, `gdbus monitor`'s lines),
/// each line stamped with its arrival (see ``StampedOutput``); one line per signal.
struct StampedMonitor: Sendable {
  let process: ChildProcess
  let output: StampedOutput

  /// Starts it on the bus at `address` for `sender`'s signals; returns once its match rule is
  /// installed (``NameMonitor/isReady(_:)``).
  static func start(address: String, sender: String) async throws -> StampedMonitor {
    let output = StampedOutput()
    let process = try ChildProcess(
      NameMonitor.executable, NameMonitor.arguments(address: address, sender: sender),
      standardOutput: .stream(output.receive))
    let monitor = StampedMonitor(process: process, output: output)
    do {
      _ = try await output.wait(for: NameMonitor.isReady)
    } catch {
      await process.terminate()
      throw TestFailure("the monitor of \(sender) did not start: \(process.standardError)")
    }
    return monitor
  }

  /// Waits for the next signal line containing every one of `texts`; returns it.
  @discardableResult
  func wait(for texts: String..., within timeout: Duration = .seconds(10)) async throws -> StampedOutput.Line
  {
    do {
      return try await output.wait(within: timeout) { line in texts.allSatisfy(line.contains) }
    } catch {
      let seen = output.lines.map(\.text).joined(separator: "\n")
      throw TestFailure("no signal with \(texts) within \(timeout); seen:\n\(seen.suffix(4000))")
    }
  }

  func stop() async {
    await process.terminate()
  }
}
