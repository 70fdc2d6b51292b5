package import BusTestSupport
package import Foundation

/// A real `pulseaudio` daemon of the test's own: a null sink named "test" (whose monitor source
/// records what is played to it) and a native-protocol socket in a temporary folder DIR.
///
/// The command, run with HOME, XDG_RUNTIME_DIR, PULSE_RUNTIME_PATH and XDG_CONFIG_HOME set to
/// DIR (as root, pulseaudio only warns that it is "not intended to be run as root";
/// `--system=false` is the default):
///
///     timeout 600 pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n
///       --use-pid-file=no --disable-shm=yes --log-target=stderr
///       --load="module-null-sink sink_name=test rate=48000"
///       --load="module-native-protocol-unix socket=DIR/native auth-anonymous=1"
///
/// `auth-anonymous=1` spares clients the cookie; `timeout` only guards against a crashed test
/// process leaving the daemon behind. The first recording of a new server starts about 1.5 s
/// late (the null sink finishes its first 2 s block), so each test pays that once.
package final class PulseAudioServer: Sendable {
  /// The temporary folder holding the socket, the runtime files and the log.
  package let directory: URL
  /// The server address for libpulse and `PULSE_SERVER`: "unix:DIR/native".
  package let address: String
  private let daemon: ChildProcess

  /// Whether `pulseaudio` and `parec` are installed (Debian `pulseaudio`, `pulseaudio-utils`).
  package static var isInstalled: Bool { requirement.isMet }

  /// `pulseaudio` and `parec`, for a test's gate.
  package static var requirement: Requirement {
    .file("/usr/bin/pulseaudio", debianPackage: "pulseaudio")
      && .file("/usr/bin/parec", debianPackage: "pulseaudio-utils")
  }

  private init(directory: URL, address: String, daemon: ChildProcess) {
    self.directory = directory
    self.address = address
    self.daemon = daemon
  }

  /// Starts the daemon and returns once its socket accepts connections (within 10 s).
  package static func start() async throws -> PulseAudioServer {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pulse-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("native").path
    let log = directory.appendingPathComponent("pulseaudio.log").path
    let daemon = try ChildProcess(
      "/usr/bin/timeout",
      [
        "600", "/usr/bin/pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "-n",
        "--use-pid-file=no", "--disable-shm=yes", "--log-target=stderr",
        "--load=module-null-sink sink_name=test rate=48000",
        "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
      ], environment: isolatedEnvironment(in: directory), standardError: .file(log))
    let server = PulseAudioServer(directory: directory, address: "unix:\(socket)", daemon: daemon)
    // Ready once its socket accepts connections: the file alone exists before it listens.
    do {
      try await eventually("pulseaudio to accept connections at \(socket)") {
        guard daemon.exitStatus == nil else { throw TestFailure("pulseaudio ended: \(server.log)") }
        return acceptsConnections(atUnixSocket: socket)
      }
    } catch {
      await server.stop()
      throw error
    }
    return server
  }

  deinit {
    daemon.kill()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Stops the daemon (SIGTERM), waits for it and removes the folder.
  package func stop() async {
    await daemon.terminate()
    try? FileManager.default.removeItem(at: directory)
  }

  /// What the daemon logged.
  package var log: String {
    (try? String(contentsOf: directory.appendingPathComponent("pulseaudio.log"), encoding: .utf8)) ?? ""
  }

  /// Environment for clients of this server (`PULSE_SERVER`), with everything per-user in the
  /// temporary folder.
  package var environment: [String: String] { Self.isolatedEnvironment(in: directory) }

  private static func isolatedEnvironment(in directory: URL) -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["HOME", "XDG_RUNTIME_DIR", "PULSE_RUNTIME_PATH", "XDG_CONFIG_HOME"] {
      environment[name] = directory.path
    }
    environment["PULSE_SERVER"] = "unix:\(directory.appendingPathComponent("native").path)"
    return environment
  }

  /// Records `seconds` of sound that plays on without a dropout, the first `settle` frames
  /// (parec's own start) left out. On a busy machine a player may fall behind for a moment and
  /// the server fills the gap with silence, which no measurement of a tone survives: such a
  /// recording is made again, for at most `timeout`.
  package func recordSteady(seconds: Double, skipping settle: Int, within timeout: Duration = .seconds(30))
    async throws -> StereoSound
  {
    try await eventually("\(seconds) s of sound without a dropout", within: timeout) {
      let sound = try await record(seconds: seconds)
      let part = sound.frames(settle..<sound.frameCount)
      return part.dropouts() == 0 ? part : nil
    }
  }

  /// Records `seconds` of the null sink's monitor with `parec` (32-bit float, 48 kHz stereo).
  /// `during`, when given, is called on parec's reading thread after each chunk that arrives,
  /// with the frames recorded so far, until it returns true.
  package func record(seconds: Double, during: (@Sendable (Int) -> Bool)? = nil) async throws -> StereoSound {
    let recording = Recording(bytes: Int(seconds * 48_000) * 8, during: during)
    let recorder = try ChildProcess(
      "/usr/bin/parec",
      [
        "-d", "test.monitor", "--format=float32le", "--rate=48000", "--channels=2", "--latency-msec=10",
        "--raw",
      ], environment: environment, standardOutput: .stream(recording.receive))
    let bytes: Data
    do {
      bytes = try await recording.bytes(within: .seconds(seconds + 10))
    } catch {
      await recorder.terminate()
      throw error
    }
    await recorder.terminate()
    let floats = bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    return StereoSound(interleaved: floats)
  }
}
