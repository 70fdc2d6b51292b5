import BusTestSupport
import Foundation
import Glibc

/// The unprivileged user the real players run as: VLC refuses to run as root, and Chromium's
/// sandbox needs a normal user. A system account with no home and no login shell, made the first
/// time a test needs it (`useradd`; the tests run as root), and kept: making it again is nothing.
struct PlayerUser: Sendable {
  /// Its name.
  static let name = "remotectl-player"

  /// Its user and group ids.
  let uid: UInt32
  let gid: UInt32

  /// The user, made first when it does not exist yet (once per test process; another process
  /// making it at the same moment is no error).
  ///
  /// - Throws: ``TestFailure`` when the tests do not run as root, or `useradd` fails and no such
  ///   user exists afterwards.
  static func ensure() async throws -> PlayerUser {
    try await made.value
  }

  private static let made = Task { () async throws -> PlayerUser in
    if let user = lookUp() { return user }
    guard getuid() == 0 else {
      throw TestFailure(
        "the real players run as the user \(name), which only root can make: run the tests as root")
    }
    let result = try await ChildProcess.run(
      "useradd",
      [
        "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell",
        "/usr/sbin/nologin", name,
      ])
    guard let user = lookUp() else { throw TestFailure("could not make the user \(name): \(result)") }
    return user
  }

  private static func lookUp() -> PlayerUser? {
    guard let entry = getpwnam(name) else { return nil }
    return PlayerUser(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
  }

  /// The command line that runs `executable` with `arguments` as this user, with no
  /// supplementary groups: `setpriv` (util-linux) changes the ids and executes it, so it keeps
  /// the process id and group a ``ChildProcess`` gives it.
  func command(_ executable: String, _ arguments: [String]) -> [String] {
    ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--", executable] + arguments
  }

  /// Starts `executable` as this user, with `environment` added to this process's, its standard
  /// error written to `log`.
  func start(_ executable: String, _ arguments: [String], environment: [String: String], log: String) throws
    -> ChildProcess
  {
    try ChildProcess(
      "/usr/bin/setpriv", command(executable, arguments), environment: environment, standardError: .file(log))
  }

  /// Makes a fresh folder this user owns (a home), in the temporary folder.
  func makeFolder(_ prefix: String) throws -> URL {
    try makeFolder(
      at: FileManager.default.temporaryDirectory
        .appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))", isDirectory: true))
  }

  /// Makes the folder `folder` (a profile in a home), which this user owns.
  @discardableResult
  func makeFolder(at folder: URL) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes(
      [.ownerAccountID: uid, .groupOwnerAccountID: gid, .posixPermissions: 0o755], ofItemAtPath: folder.path)
    return folder
  }

  /// Hands `path` (a file or folder written by the tests) over to this user.
  func own(_ path: String) throws {
    try FileManager.default.setAttributes(
      [.ownerAccountID: uid, .groupOwnerAccountID: gid], ofItemAtPath: path)
  }
}
