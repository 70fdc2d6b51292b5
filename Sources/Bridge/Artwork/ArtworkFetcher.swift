import FoundationEssentials
import Glibc
import HubSupport
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// Fetches the pictures clients give as `http(s)` URLs, within a size and a time limit, and
/// keeps the last ones fetched so that a client repeating its metadata costs no new fetch.
///
/// A picture is fetched over HTTP/1.1, one connection per request (``ArtworkRequest``), on
/// SwiftNIO's shared event loops (the ones the hub's HTTP server runs on): no libcurl, no full
/// Foundation. `https` goes through TLS with the system's trusted certificates. Up to
/// ``redirectLimit`` redirects are followed, relative ones too, but never back to a URL already
/// asked for. The time limit counts from the first connection to the last byte, redirects
/// included; cancelling the fetch (newer metadata came) closes the connection.
final class ArtworkFetcher: Sendable {
  /// Why a picture could not be had, in words.
  struct Failure: Error, Sendable, Hashable {
    /// Why.
    var reason: String
  }

  /// The most redirects followed for one picture.
  static let redirectLimit = 3

  private let limit: Int
  private let time: Duration
  private let trustRoots: NIOSSLTrustRoots
  /// Made at the first `https` fetch, then kept: it holds the trust roots read.
  private let tls = Mutex<NIOSSLContext?>(nil)
  private let cache = Mutex<[(url: URL, data: Data)]>([])
  private static let cacheCount = 32

  /// Creates a fetcher that takes at most `limit` bytes within `time`, and trusts the servers
  /// whose certificates chain to `trustRoots` (by default the system's).
  init(limit: Int, time: Duration, trustRoots: NIOSSLTrustRoots = .default) {
    self.limit = limit
    self.time = time
    self.trustRoots = trustRoots
  }

  /// The bytes of the picture at `url`.
  func fetch(_ url: URL) async throws(Failure) -> Data {
    if let cached = cache.withLock({ $0.first { $0.url == url }?.data }) { return cached }
    let data = try await download(url)
    cache.withLock { entries in
      entries.removeAll { $0.url == url }
      entries.append((url, data))
      if entries.count > Self.cacheCount { entries.removeFirst(entries.count - Self.cacheCount) }
    }
    return data
  }

  /// Downloads the picture, refusing what is too large, not a picture, redirected too often or
  /// in a circle, or late. Cancelling the task (newer metadata came) closes the connection.
  private func download(_ url: URL) async throws(Failure) -> Data {
    let time = time
    do {
      return try await withThrowingTaskGroup(of: Data.self) { group in
        group.addTask { try await self.follow(url) }
        group.addTask {
          try await Task.sleep(for: time)
          throw Failure(reason: "no picture within \(time)")
        }
        defer { group.cancelAll() }
        guard let data = try await group.next() else { throw CancellationError() }
        return data
      }
    } catch {
      throw Self.failure(error, time: time)
    }
  }

  /// Asks for the picture at `url`, and where its redirects lead.
  private func follow(_ url: URL) async throws -> Data {
    let deadline = ContinuousClock.now + time
    var location = try ArtworkLocation(url)
    var asked: Set<String> = [location.url.absoluteString]
    var redirects = 0
    while true {
      let request = ArtworkRequest(
        location: location, limit: limit, tls: location.isSecure ? try tlsContext() : nil,
        connectTimeout: TimeAmount(max(deadline - ContinuousClock.now, .milliseconds(1))))
      switch try await request.send() {
      case .picture(let body):
        guard body.readableBytes > 0 else { throw Failure(reason: "the server sent no bytes") }
        return Data(body.readableBytesView)
      case .redirect(let target):
        let next = try location.redirect(to: target)
        guard !asked.contains(next.url.absoluteString) else {
          throw Failure(reason: "the redirects go round in a circle")
        }
        guard redirects < Self.redirectLimit else {
          throw Failure(reason: "more than \(Self.redirectLimit) redirects")
        }
        redirects += 1
        asked.insert(next.url.absoluteString)
        location = next
      }
    }
  }

  /// The TLS context `https` pictures are fetched with: made at the first, then kept, with full
  /// certificate verification (chain and host name) against the trust roots given at creation.
  private func tlsContext() throws(Failure) -> NIOSSLContext {
    if let context = tls.withLock({ $0 }) { return context }
    // Made outside the lock, since it reads the certificate files; two first fetches at once
    // each make one, and the first stored is kept.
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.trustRoots = trustRoots
    let made: NIOSSLContext
    do {
      made = try NIOSSLContext(configuration: configuration)
    } catch {
      throw Failure(reason: "the trusted certificates could not be loaded: \(errorDescription(error))")
    }
    return tls.withLock { context in
      if let context { return context }
      context = made
      return made
    }
  }

  /// `error` in words a user can act on.
  private static func failure(_ error: any Error, time: Duration) -> Failure {
    switch error {
    case let failure as Failure:
      return failure
    case is CancellationError:
      return Failure(reason: "the fetch was cancelled")
    case let error as NIOConnectionError:
      if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
        return Failure(reason: "the server \(error.host) could not be found")
      }
      let reasons = Set(error.connectionErrors.map { Self.reason($0.error) }).sorted()
      return Failure(
        reason: "no connection to \(error.host) port \(error.port): \(reasons.joined(separator: "; "))")
    case ChannelError.connectTimeout:
      return Failure(reason: "no picture within \(time)")
    case NIOSSLError.handshakeFailed(let stack):
      if "\(stack)".contains("CERTIFICATE_VERIFY_FAILED") {
        return Failure(reason: "the server's certificate is not trusted")
      }
      return Failure(reason: "the TLS handshake failed: \(stack)")
    case let error as NIOSSLExtraError where error == .failedToValidateHostname:
      return Failure(reason: "the server's certificate is not for this host: \(error)")
    case let error as HTTPParserError:
      return Failure(reason: "the server's answer is not HTTP/1.1: \(error)")
    default:
      return Failure(reason: reason(error))
    }
  }

  /// The system's reason for an I/O error (such as "Connection refused"), else the error's own
  /// description.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
    return errorDescription(error)
  }
}
