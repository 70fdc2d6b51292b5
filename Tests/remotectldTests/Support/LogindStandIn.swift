import BusTestSupport
import Foundation

/// A stand-in for logind (`org.freedesktop.login1`) on a private system bus, in python3-dbus.
///
/// It is a stand-in, not logind: logind needs systemd as PID 1, which these machines (and CI
/// containers) do not run. It implements just the documented members the hub uses, as
/// systemd's `org.freedesktop.login1(5)` describes them:
///
/// - `Inhibit(s what, s who, s why, s mode) → h`: hands out the write end of a pipe and holds the
///   inhibitor until every copy of it is closed (logind hands out a FIFO's end the same way);
/// - `ListInhibitors() → a(ssssuu)`: the inhibitors held (what, who, why, mode, uid, pid);
/// - the `PrepareForSleep(b)` signal, sent when the test says so.
///
/// The test drives it on standard input: `watch ADDRESS NAME…` names the session bus and the
/// players to watch there (it prints `watching`); `sleep` sends `PrepareForSleep(true)`, waits for every
/// delay inhibitor on sleep to be released (at most 5 s, logind's default
/// `InhibitDelayMaxSec`), and prints one JSON line: whether they were (`released`), how long
/// it took in milliseconds (`ms`), and each watched player's MPRIS `PlaybackStatus` read on
/// the session bus at that moment (`statuses`), so the test sees what played when the system
/// would have slept. `wake` sends `PrepareForSleep(false)` and prints `woke`. It prints `READY`
/// once it owns its name.
struct LogindStandIn: Sendable {
  let process: ChildProcess

  /// One sleep, as the stand-in saw it.
  struct Sleep: Sendable, Decodable {
    /// Whether every delay inhibitor was released within 5 s.
    var released: Bool
    /// From `PrepareForSleep(true)` to the last delay inhibitor released, in milliseconds.
    var ms: Double
    /// Each watched player's `PlaybackStatus` when the last inhibitor was released, by bus name.
    var statuses: [String: String]
  }

  static let script = PythonProgram.source("logind_stand_in.py")

  /// Starts the stand-in on `systemBus` and returns once it owns its name.
  static func start(systemBus: String) async throws -> LogindStandIn {
    let process = try ChildProcess(
      PythonPlayers.python, ["-c", script], environment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus],
      standardInput: .pipe)
    do {
      _ = try await process.line(within: .seconds(20)) { $0 == "READY" }
    } catch {
      _ = await process.terminate()
      throw TestFailure("the logind stand-in did not start: \(process.standardError)")
    }
    return LogindStandIn(process: process)
  }

  /// Watches the players `names` on the session bus at `address`.
  func watch(_ names: [String], on address: String) async throws {
    try process.write("watch \(address) \(names.joined(separator: " "))\n")
    _ = try await process.line(within: .seconds(20)) { $0 == "watching" }
  }

  /// Sends `PrepareForSleep(true)` and returns what the stand-in saw once the delay inhibitors
  /// were released (or 5 s passed).
  func sleep() async throws -> Sleep {
    try process.write("sleep\n")
    let line = try await process.line(within: .seconds(20)) { $0.hasPrefix("{") }
    return try JSONDecoder().decode(Sleep.self, from: Data(line.utf8))
  }

  /// Sends `PrepareForSleep(false)`.
  func wake() async throws {
    try process.write("wake\n")
    _ = try await process.line(within: .seconds(20)) { $0 == "woke" }
  }

  /// The inhibitors held, as `busctl` (a client nobody here wrote) lists them: one
  /// `what who why mode` line each.
  func inhibitors(systemBus: String) async throws -> [String] {
    let result = try await ChildProcess.run(
      "busctl",
      [
        "--address=\(systemBus)", "--json=short", "call", "org.freedesktop.login1", "/org/freedesktop/login1",
        "org.freedesktop.login1.Manager", "ListInhibitors",
      ])
    guard result.status == 0 else { throw TestFailure("ListInhibitors failed: \(result.error)") }
    struct Reply: Decodable { var data: [[[JSONScalar]]] }
    let reply = try JSONDecoder().decode(Reply.self, from: Data(result.output.utf8))
    return (reply.data.first ?? []).map { $0.prefix(4).map(\.text).joined(separator: " ") }
  }

  /// A string or a number of `busctl --json` output.
  enum JSONScalar: Decodable {
    case text(String)
    case number(Int64)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self = .text(text)
      } else {
        self = .number(try container.decode(Int64.self))
      }
    }

    var text: String {
      switch self {
      case .text(let text): text
      case .number(let number): "\(number)"
      }
    }
  }

  func stop() async {
    _ = await process.terminate()
  }
}
