import BusTestSupport
import Foundation
import SoundTestSupport

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
  /// The daemon's pid. Not a ``ChildProcess``: with a long-lived `pulseaudio` under
  /// Foundation's `Process`, no other child was reaped any more (as AudioPlayback's tests found).
  private let daemon: pid_t

  /// Whether `pulseaudio` and `parec` are installed (Debian `pulseaudio`, `pulseaudio-utils`).
  static var isInstalled: Bool {
    ["/usr/bin/pulseaudio", "/usr/bin/parec"].allSatisfy(FileManager.default.isExecutableFile)
  }

  private init(directory: URL, address: String, daemon: pid_t) {
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
    for name in ["HOME", "XDG_RUNTIME_DIR", "PULSE_RUNTIME_PATH", "XDG_CONFIG_HOME"] {
      environment[name] = directory.path
    }
    let arguments = [
      "/usr/bin/pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "-n",
      "--use-pid-file=no", "--disable-shm=yes", "--log-target=stderr",
      "--load=module-null-sink sink_name=test rate=48000",
      "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
    ]
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map {
      "\($0.key)=\($0.value)"
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in Int32(0)...2 {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var daemon: pid_t = 0
    guard posix_spawn(&daemon, arguments[0], &actions, nil, argv, envp) == 0 else {
      throw TestFailure("cannot start pulseaudio")
    }
    let server = PulseAudioServer(directory: directory, address: "unix:\(socket)", daemon: daemon)
    _ = try await eventually("pulseaudio to accept connections") {
      acceptsConnections(atUnixSocket: socket) ? true : nil
    }
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
  func stop() {
    kill(daemon, SIGKILL)
    var status: Int32 = 0
    while waitpid(daemon, &status, 0) < 0 && errno == EINTR {}
    try? FileManager.default.removeItem(at: directory)
  }
}
