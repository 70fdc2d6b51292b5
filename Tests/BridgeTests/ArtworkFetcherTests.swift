import BusTestSupport
import Foundation
import Glibc
import NIOCore
import NIOPosix
import NIOSSL
import Testing

@testable import Bridge

/// The hub's own HTTP/1.1 client for `http(s)` pictures, against servers that send by hand what
/// real ones may: chunks, redirects (relative, endless, in a circle), silence, a refusal, TLS with a
/// certificate the system does not trust.
@Suite("Bridge: artwork fetcher", .timeLimit(.minutes(1)))
struct ArtworkFetcherTests {
  /// A small PNG (1×1, red).
  static let png = [UInt8](ArtworkTests.png)

  /// A fetcher with the hub's limits unless told.
  func fetcher(limit: Int = 2 << 20, time: Duration = .seconds(5), trustRoots: NIOSSLTrustRoots = .default)
    -> ArtworkFetcher
  {
    ArtworkFetcher(limit: limit, time: time, trustRoots: trustRoots)
  }

  /// The picture at `url`.
  func fetch(_ fetcher: ArtworkFetcher, _ url: String) async throws -> [UInt8] {
    let url = try #require(URL(string: url))
    return try await [UInt8](fetcher.fetch(url))
  }

  /// Why the picture at `url` could not be had.
  func reason(_ fetcher: ArtworkFetcher, _ url: String) async throws -> String {
    let url = try #require(URL(string: url))
    do throws(ArtworkFetcher.Failure) {
      let data = try await fetcher.fetch(url)
      Issue.record("fetched \(data.count) bytes")
      return ""
    } catch {
      return error.reason
    }
  }

  @Test func `a chunked picture is put together, and the Host field names the port`() async throws {
    let server = try await PictureServer.start { _ in
      PictureServer.chunked([Array(Self.png.prefix(20)), Array(Self.png.dropFirst(20))])
    }
    #expect(try await fetch(fetcher(), "http://127.0.0.1:\(server.port)/cover.png?size=1") == Self.png)
    let request = try #require(server.requests.first)
    #expect(request.hasPrefix("GET /cover.png?size=1 HTTP/1.1\r\n"), "\(request)")
    #expect(request.contains("Host: 127.0.0.1:\(server.port)\r\n"), "\(request)")
    #expect(request.contains("Connection: close"), "\(request)")
    try await server.stop()
  }

  @Test func `an IPv6 address is connected to, and named in brackets`() async throws {
    let server = try await PictureServer.start(host: "::1") { _ in
      PictureServer.answer(fields: ["Content-Type: image/png"], body: Self.png)
    }
    #expect(try await fetch(fetcher(), "http://[::1]:\(server.port)/cover.png") == Self.png)
    #expect(server.requests.first?.contains("Host: [::1]:\(server.port)\r\n") == true, "\(server.requests)")
    try await server.stop()
  }

  @Test func `a picture fetched once is kept, not fetched again`() async throws {
    let server = try await PictureServer.start { _ in PictureServer.answer(body: Self.png) }
    let fetcher = fetcher()
    let url = "http://127.0.0.1:\(server.port)/cover.png"
    #expect(try await fetch(fetcher, url) == Self.png)
    #expect(try await fetch(fetcher, url) == Self.png)
    #expect(server.requests.count == 1)
    try await server.stop()
  }

  @Test func `relative redirects are followed, three at most`() async throws {
    let server = try await PictureServer.start { path in
      switch path {
      case "/a/one": PictureServer.redirect("two", status: "301 Moved Permanently")
      case "/a/two": PictureServer.redirect("../b/three", status: "307 Temporary Redirect")
      case "/b/three": PictureServer.redirect("/cover.png", status: "308 Permanent Redirect")
      case "/zero": PictureServer.redirect("/a/one")
      case "/cover.png": PictureServer.answer(fields: ["Content-Type: image/png"], body: Self.png)
      default: PictureServer.answer("404 Not Found")
      }
    }
    let base = "http://127.0.0.1:\(server.port)"
    #expect(try await fetch(fetcher(), "\(base)/a/one") == Self.png)
    #expect(
      server.requests.compactMap { $0.split(separator: " ").dropFirst().first }
        == ["/a/one", "/a/two", "/b/three", "/cover.png"])
    #expect(try await reason(fetcher(), "\(base)/zero") == "more than 3 redirects")
    try await server.stop()
  }

  @Test func `redirects that go round in a circle are refused`() async throws {
    let server = try await PictureServer.start { path in
      PictureServer.redirect(path == "/ping" ? "/pong" : "/ping")
    }
    #expect(
      try await reason(fetcher(), "http://127.0.0.1:\(server.port)/ping")
        == "the redirects go round in a circle")
    #expect(server.requests.count == 2)
    try await server.stop()
  }

  @Test func `a chunked body that grows past the limit is cut off`() async throws {
    let server = try await PictureServer.start { _ in
      PictureServer.chunked(Array(repeating: [UInt8](repeating: 7, count: 1000), count: 10))
    }
    #expect(
      try await reason(fetcher(limit: 4096), "http://127.0.0.1:\(server.port)/huge.png")
        == "more than the limit of 4096 bytes")
    try await server.stop()
  }

  @Test func `a Content-Length over the limit is refused before the body comes`() async throws {
    // The head alone: a client that waited for the body would wait until the time limit.
    let server = try await PictureServer.start { _ in
      .bytes(Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n".utf8))
    }
    #expect(
      try await reason(fetcher(limit: 4096, time: .seconds(30)), "http://127.0.0.1:\(server.port)/huge.png")
        == "100000 bytes, over the limit of 4096")
    try await server.stop()
  }

  @Test func `what is not a picture is refused`() async throws {
    let server = try await PictureServer.start { _ in
      PictureServer.answer(fields: ["Content-Type: text/html; charset=utf-8"], body: Array("<html>".utf8))
    }
    #expect(
      try await reason(fetcher(), "http://127.0.0.1:\(server.port)/page")
        == "the server sent text/html, not a picture")
    try await server.stop()
  }

  @Test func `a server that never answers is given up on at the time limit, and its connection closed`()
    async throws
  {
    let server = try await PictureServer.start { _ in .silence }
    // A loaded machine may let the time limit pass before the request is even sent: tried again
    // until one request reached the server, which then waits with it.
    for _ in 1...5 where server.requests.isEmpty {
      let start = ContinuousClock.now
      let reason = try await reason(
        fetcher(time: .milliseconds(300)), "http://127.0.0.1:\(server.port)/slow.png")
      #expect(reason.hasPrefix("no picture within"), "\(reason)")
      #expect(ContinuousClock.now - start < .seconds(3))
    }
    try await eventually("a request to reach the server") { !server.requests.isEmpty }
    try await eventually("every connection closed") {
      server.acceptedConnections >= 1 && server.closedConnections == server.acceptedConnections
    }
    try await server.stop()
  }

  @Test func `cancelling a fetch closes its connection`() async throws {
    let server = try await PictureServer.start { _ in .silence }
    let fetcher = fetcher(time: .seconds(30))
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/slow.png"))
    let fetch = Task { () async throws(ArtworkFetcher.Failure) -> Data in try await fetcher.fetch(url) }
    try await eventually("the request came") { !server.requests.isEmpty }
    fetch.cancel()
    try await eventually("the connection closed") { server.closedConnections == 1 }
    await #expect(throws: ArtworkFetcher.Failure.self) { try await fetch.value }
    try await server.stop()
  }

  @Test func `a refused connection says so`() async throws {
    // A port bound but not listening refuses connections, and no other test can take it meanwhile.
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    try #require(bound)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let reason = try await reason(fetcher(), "http://127.0.0.1:\(port)/cover.png")
    #expect(reason == "no connection to 127.0.0.1 port \(port): Connection refused", "\(reason)")
  }

  @Test func `an https server whose certificate the system does not trust is refused`() async throws {
    let identity = try SelfSignedIdentity.make()
    let server = try await PictureServer.start(tls: identity.serverContext()) { _ in
      PictureServer.answer(fields: ["Content-Type: image/png"], body: Self.png)
    }
    #expect(
      try await reason(fetcher(), "https://localhost:\(server.port)/cover.png")
        == "the server's certificate is not trusted")
    try await server.stop()
  }

  @Test func `an https picture is fetched from a server whose certificate is trusted, by name or address`()
    async throws
  {
    let identity = try SelfSignedIdentity.make()
    let server = try await PictureServer.start(tls: identity.serverContext()) { _ in
      PictureServer.answer(fields: ["Content-Type: image/png"], body: Self.png)
    }
    let fetcher = fetcher(trustRoots: .certificates([identity.certificate]))
    #expect(try await fetch(fetcher, "https://localhost:\(server.port)/cover.png") == Self.png)
    #expect(try await fetch(fetcher, "https://127.0.0.1:\(server.port)/cover.png") == Self.png)
    try await server.stop()
    // Trusted, but not issued for this address.
    let elsewhere = try await PictureServer.start(host: "127.0.0.2", tls: identity.serverContext()) { _ in
      PictureServer.answer(fields: ["Content-Type: image/png"], body: Self.png)
    }
    let reason = try await reason(fetcher, "https://127.0.0.2:\(elsewhere.port)/cover.png")
    #expect(reason.hasPrefix("the server's certificate is not for this host"), "\(reason)")
    try await elsewhere.stop()
  }
}

/// A key and a self-signed certificate for `localhost` and `127.0.0.1`, made by `openssl`.
struct SelfSignedIdentity {
  let certificate: NIOSSLCertificate
  let key: NIOSSLPrivateKey

  static func make() throws -> SelfSignedIdentity {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "artwork-tls-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
      do { try FileManager.default.removeItem(at: folder) } catch { Issue.record(error) }
    }
    let openssl = Process()
    openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    openssl.arguments = [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", folder.appendingPathComponent("key.pem").path,
      "-out", folder.appendingPathComponent("cert.pem").path,
      "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ]
    openssl.standardError = FileHandle.nullDevice
    try openssl.run()
    openssl.waitUntilExit()
    try #require(openssl.terminationStatus == 0)
    return SelfSignedIdentity(
      certificate: try #require(
        NIOSSLCertificate.fromPEMFile(folder.appendingPathComponent("cert.pem").path).first),
      key: try NIOSSLPrivateKey(file: folder.appendingPathComponent("key.pem").path, format: .pem))
  }

  /// A server's TLS context with this identity.
  func serverContext() throws -> NIOSSLContext {
    try NIOSSLContext(
      configuration: .makeServerConfiguration(
        certificateChain: [.certificate(certificate)], privateKey: .privateKey(key)))
  }
}
