import FoundationEssentials
import Glibc
import HubCore
import HubSupport

/// The bridge's files in the user's runtime folder, `$XDG_RUNTIME_DIR/remotectld/` (mode 0700):
/// the token (mode 0600), the unix socket and the endpoint file; and the allowed origins in
/// `$XDG_CONFIG_HOME/remotectld/bridge-origins`.
struct BridgeFiles: Sendable {
  /// `$XDG_RUNTIME_DIR/remotectld`.
  let directory: URL
  /// `$XDG_CONFIG_HOME/remotectld/bridge-origins`.
  let originsFile: URL

  /// The files of the environment's runtime and configuration folders; `nil` without
  /// `XDG_RUNTIME_DIR` (there is then no private place for the socket and the token).
  init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
    guard let runtime = BaseDirectory.runtime(in: environment) else { return nil }
    directory = URL(fileURLWithPath: runtime).appendingPathComponent("remotectld", isDirectory: true)
    originsFile = URL(fileURLWithPath: BaseDirectory.config.path(in: environment))
      .appendingPathComponent("remotectld/bridge-origins")
  }

  var token: URL { directory.appendingPathComponent("bridge-token") }
  var socket: URL { directory.appendingPathComponent("bridge.sock") }
  var endpoint: URL { directory.appendingPathComponent("bridge-endpoint") }
  var artwork: URL { directory.appendingPathComponent("bridge-artwork", isDirectory: true) }

  /// Makes the folder, mode 0700 whatever it was.
  func prepare() throws {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
  }

  /// The token, made (32 random bytes, base64url) and written with mode 0600 if there is none.
  func readOrMakeToken() throws -> String {
    if let data = FileManager.default.contents(atPath: token.path),
      let text = String(data: data, encoding: .utf8)?.trimmingWhitespace(),
      text.count >= 32
    {
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token.path)
      return text
    }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let text = Data(bytes).base64EncodedString()
      .replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    try write(text, to: token)
    return text
  }

  /// Writes `text` to `url` with mode 0600, replacing it atomically (``AtomicFile``).
  func write(_ text: String, to url: URL) throws {
    try AtomicFile.write(Data(text.utf8), toPath: url.path)
  }

  /// The origins listed in the origins file: one a line, blank lines and `#` comments skipped;
  /// none when there is no such file.
  ///
  /// - Throws: When the file is there but cannot be read.
  func listedOrigins() throws -> [String] {
    guard FileManager.default.fileExists(atPath: originsFile.path) else { return [] }
    let text = try String(contentsOf: originsFile, encoding: .utf8)
    return text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  /// Whether another process serves the socket; a socket file nobody serves is removed.
  ///
  /// - Throws: When a socket file nobody serves cannot be removed.
  func socketIsServed() throws -> Bool {
    guard FileManager.default.fileExists(atPath: socket.path) else { return false }
    let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let path = Array(socket.path.utf8CString)
    guard path.count <= MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      path.withUnsafeBytes { buffer.copyMemory(from: $0) }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if connected == 0 { return true }
    try Self.removeIfPresent(socket)
    return false
  }

  /// Removes the file at `url`; a file that is not there (removed already) is no failure.
  ///
  /// - Throws: Any other failure, such as a folder the hub may no longer write.
  static func removeIfPresent(_ url: URL) throws {
    guard unlink(url.path) != 0 else { return }
    let code = errno
    guard code != ENOENT else { return }
    throw HubError("cannot remove \(url.path): \(String(cString: strerror(code)))")
  }
}
