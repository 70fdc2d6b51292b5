import Foundation
import SoundTestSupport
import Testing

/// A real `pulseaudio` daemon of the test's own: a null sink named "test" (whose monitor
/// source records what is played to it) and a native-protocol socket in a temporary folder DIR.
///
/// The command, run as root in this sandbox with HOME, XDG_RUNTIME_DIR, PULSE_RUNTIME_PATH and
/// XDG_CONFIG_HOME set to DIR (as root, pulseaudio only warns that it is "not intended to be run
/// as root"; `--system=false` is the default):
///
///     timeout 600 pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n
///       --use-pid-file=no --disable-shm=yes --log-target=stderr
///       --load="module-null-sink sink_name=test rate=48000"
///       --load="module-native-protocol-unix socket=DIR/native auth-anonymous=1"
///
/// `auth-anonymous=1` spares clients the cookie; `timeout` only guards against a crashed test
/// leaving the daemon behind. The first recording of a new server starts about 1.5 s late (the
/// null sink finishes its first 2 s block), so each test pays that once.
final class PulseAudioServer {
  /// The temporary folder holding the socket, the runtime files and the log.
  let directory: URL
  /// The server address for libpulse and `PULSE_SERVER`: "unix:DIR/native".
  let address: String
  private var daemon: ChildProcess?

  /// Whether `pulseaudio` and `parec` are installed (Debian `pulseaudio`, `pulseaudio-utils`).
  static var isInstalled: Bool {
    ["/usr/bin/pulseaudio", "/usr/bin/parec"].allSatisfy(FileManager.default.isExecutableFile)
  }

  /// Starts the daemon and returns once its socket exists (within 10 s).
  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("audio-tests-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("native").path
    address = "unix:\(socket)"
    let logFile = open(
      directory.appendingPathComponent("pulseaudio.log").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    defer { close(logFile) }
    // Under `timeout`, which passes our SIGTERM on: should the test process crash before
    // stopping the daemon, the daemon still ends within 10 minutes rather than never.
    let daemon = try ChildProcess(
      "/usr/bin/timeout",
      [
        "600", "/usr/bin/pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "-n",
        "--use-pid-file=no",
        "--disable-shm=yes", "--log-target=stderr",
        "--load=module-null-sink sink_name=test rate=48000",
        "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
      ], environment: isolatedEnvironment, standardError: logFile)
    self.daemon = daemon
    // Ready once its socket accepts connections (the file alone exists before it listens).
    let deadline = Date(timeIntervalSinceNow: 10)
    while !acceptsConnections(atUnixSocket: socket) {
      guard daemon.isRunning, Date() < deadline else {
        throw ChildProcessError(message: "pulseaudio did not start: \(log)")
      }
      usleep(10_000)
    }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Stops the daemon (SIGTERM) and waits for it.
  func stop() {
    daemon?.terminate()
  }

  /// What the daemon logged.
  var log: String {
    (try? String(contentsOf: directory.appendingPathComponent("pulseaudio.log"), encoding: .utf8))
      ?? ""
  }

  /// Environment for the daemon and its clients: everything per-user in the temporary folder.
  var isolatedEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["HOME", "XDG_RUNTIME_DIR", "PULSE_RUNTIME_PATH", "XDG_CONFIG_HOME"] {
      environment[name] = directory.path
    }
    environment["PULSE_SERVER"] = address
    return environment
  }

  /// Records `seconds` of the null sink's monitor with `parec` (32-bit float, 48 kHz stereo).
  /// `during` is called after each chunk that arrives, with the frames recorded so far, until it
  /// returns true.
  func record(seconds: Double, during: (@Sendable (Int) -> Bool)? = nil) throws -> StereoSound {
    let (descriptor, writeEnd) = try closeOnExecPipe()
    let recorder = try ChildProcess(
      "/usr/bin/parec",
      [
        "-d", "test.monitor", "--format=float32le", "--rate=48000", "--channels=2",
        "--latency-msec=10", "--raw",
      ], environment: isolatedEnvironment, standardOutput: writeEnd)
    close(writeEnd)
    defer {
      close(descriptor)
      recorder.terminate()
    }
    let wanted = Int(seconds * 48_000) * 8
    var bytes = [UInt8](repeating: 0, count: wanted)
    var received = 0
    var callbackDone = during == nil
    while received < wanted {
      let count = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress.map { $0 + received }, wanted - received)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw ChildProcessError(message: "parec stopped after \(received) bytes")
      }
      received += count
      if !callbackDone, let during { callbackDone = during(received / 8) }
    }
    let floats = bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    return StereoSound(interleaved: floats)
  }

}
