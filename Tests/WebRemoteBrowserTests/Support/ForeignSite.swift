import BusTestSupport
import Foundation

/// Another web site on the same machine: Python's `http.server` on a free loopback port,
/// serving one empty page. Its origin differs from the hub's only by the port, so for cookies
/// it is the same site (the device cookie goes along) while its `Origin` is not the page's.
struct ForeignSite: Sendable {
  /// `http://127.0.0.1:PORT`.
  let origin: String
  private let server: ChildProcess

  /// Starts the server in a folder inside `directory` and returns once it listens.
  static func start(in directory: URL) async throws -> ForeignSite {
    let folder = directory.appendingPathComponent("foreign-site")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("<!doctype html><title>Another site</title>".utf8)
      .write(to: folder.appendingPathComponent("index.html"))
    let server = try ChildProcess(
      "python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path])
    let line = try await server.line(within: .seconds(10)) { $0.contains("Serving HTTP on") }
    // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
    guard let port = line.split(separator: " ").drop(while: { $0 != "port" }).dropFirst().first else {
      server.kill()
      throw TestFailure("http.server said no port: \(line)")
    }
    return ForeignSite(origin: "http://127.0.0.1:\(port)", server: server)
  }

  /// Stops the server.
  func stop() {
    server.kill()
  }
}
