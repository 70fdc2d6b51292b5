import Foundation

/// A real `pulseaudio` of the test's own, as AudioPlayback's tests run it: a null sink "test"
/// whose monitor `parec` records, and a native-protocol socket in a temporary folder.
///
///     pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n --use-pid-file=no
///       --disable-shm=yes --load="module-null-sink sink_name=test rate=48000"
///       --load="module-native-protocol-unix socket=DIR/native auth-anonymous=1"
final class PulseAudioServer: Sendable {
  /// The folder holding the socket and the daemon's runtime files.
  let directory: URL
  /// The server address for libpulse's `PULSE_SERVER`: "unix:DIR/native".
  let address: String
  private let daemon: ChildProcess

  /// Whether `pulseaudio` and `parec` are installed (Debian `pulseaudio`, `pulseaudio-utils`).
  static var isInstalled: Bool {
    ["/usr/bin/pulseaudio", "/usr/bin/parec"].allSatisfy(FileManager.default.isExecutableFile)
  }

  private init(directory: URL, address: String, daemon: ChildProcess) {
    self.directory = directory
    self.address = address
    self.daemon = daemon
  }

  /// Starts the daemon and returns once its socket exists.
  static func start() async throws -> PulseAudioServer {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("binaural-pulse-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("native").path
    var environment: [String: String] = [:]
    for name in ["HOME", "XDG_RUNTIME_DIR", "PULSE_RUNTIME_PATH", "XDG_CONFIG_HOME"] { environment[name] = directory.path }
    let daemon = try ChildProcess(
      "/usr/bin/pulseaudio",
      [
        "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "-n",
        "--use-pid-file=no", "--disable-shm=yes", "--log-target=stderr",
        "--load=module-null-sink sink_name=test rate=48000",
        "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
      ], environment: environment)
    let server = PulseAudioServer(directory: directory, address: "unix:\(socket)", daemon: daemon)
    _ = try await eventually("pulseaudio's socket") { FileManager.default.fileExists(atPath: socket) ? true : nil }
    return server
  }

  /// Records `seconds` of the null sink's monitor (32-bit float, 48 kHz stereo).
  func record(seconds: Double) async throws -> StereoSound {
    let file = directory.appendingPathComponent("recording-\(UUID().uuidString.prefix(8)).raw").path
    let bytes = Int(seconds * 48_000) * 8
    let recorder = try ChildProcess(
      "/bin/sh",
      [
        "-c",
        "parec -d test.monitor --format=float32le --rate=48000 --channels=2 --latency-msec=10 --raw "
          + "| head -c \(bytes) > '\(file)'",
      ], environment: ["PULSE_SERVER": address])
    try await recorder.waitForExit(within: .seconds(seconds + 10))
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    return StereoSound(interleaved: floats)
  }

  /// Kills the daemon (SIGKILL: children of the test runner may inherit blocked signals) and
  /// removes the folder.
  func stop() async {
    daemon.kill()
    _ = try? await daemon.waitForExit(within: .seconds(5))
    try? FileManager.default.removeItem(at: directory)
  }
}
