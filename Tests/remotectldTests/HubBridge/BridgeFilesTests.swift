import BusTestSupport
import Foundation
import Glibc
import Testing

@testable import HubBridge

/// The bridge's files, in process, in a runtime folder of the test's own: the token a program
/// authenticates with is made once, private, and the same across restarts; a socket file nobody
/// serves is taken over; the origins file's comments and blank lines allow nothing.
@Suite("The bridge's files: token, socket and origins")
struct BridgeFilesTests {
  /// A runtime and a configuration folder of the test's own, and the bridge's files in them.
  static func files() throws -> (BridgeFiles, root: URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridge-files-\(UUID().uuidString)", isDirectory: true)
    let environment = [
      "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
    ]
    let files = try #require(BridgeFiles(environment: environment))
    try files.prepare()
    return (files, root)
  }

  /// The file's permission bits.
  static func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test func `the token is made once with mode 0600, and read back the same on the next start`() throws {
    let (files, root) = try Self.files()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try Self.mode(of: files.directory) == 0o700)
    let token = try files.readOrMakeToken()
    #expect(token.count >= 32)
    #expect(try Self.mode(of: files.token) == 0o600)

    // A user who opened it up: the next start reads the same token and makes it private again.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: files.token.path)
    #expect(try files.readOrMakeToken() == token)
    #expect(try Self.mode(of: files.token) == 0o600)
  }

  @Test func `a token file too short to be one is replaced by a new token`() throws {
    let (files, root) = try Self.files()
    defer { try? FileManager.default.removeItem(at: root) }
    try files.write("short\n", to: files.token)
    let token = try files.readOrMakeToken()
    #expect(token != "short" && token.count >= 32)
    #expect(try String(contentsOf: files.token, encoding: .utf8) == token)
  }

  @Test func `a socket file nobody serves is removed, and the hub may serve it`() throws {
    let (files, root) = try Self.files()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try files.socketIsServed() == false)
    // What a hub that was killed leaves: a socket bound, and nobody listening.
    let descriptor = try bindUnixSocket(at: files.socket.path, listening: false)
    defer { close(descriptor) }
    #expect(FileManager.default.fileExists(atPath: files.socket.path))

    #expect(try files.socketIsServed() == false)
    #expect(!FileManager.default.fileExists(atPath: files.socket.path), "the stale socket is removed")
  }

  @Test func `a socket that something listens on is left to it`() throws {
    let (files, root) = try Self.files()
    defer { try? FileManager.default.removeItem(at: root) }
    let descriptor = try bindUnixSocket(at: files.socket.path)
    defer { close(descriptor) }

    #expect(try files.socketIsServed() == true)
    #expect(FileManager.default.fileExists(atPath: files.socket.path))
  }

  @Test func `the origins file allows its origins, one a line; blank lines and comments allow nothing`()
    throws
  {
    let (files, root) = try Self.files()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try files.listedOrigins() == [], "no file: no origin")
    try FileManager.default.createDirectory(
      at: files.originsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "# my music\nhttps://music.example\n\n   \n  https://radio.example  \n#https://not.example\n"
      .write(to: files.originsFile, atomically: true, encoding: .utf8)
    #expect(try files.listedOrigins() == ["https://music.example", "https://radio.example"])
  }
}
