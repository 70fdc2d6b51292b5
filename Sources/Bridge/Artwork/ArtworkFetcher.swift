import AsyncHTTPClient
import FoundationEssentials
import HubSupport
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Fetches the pictures clients give as `http(s)` URLs, within a size and a time limit, and
/// keeps the last ones fetched so that a client repeating its metadata costs no new fetch.
///
/// The download is AsyncHTTPClient's, on SwiftNIO's shared event loops (the ones the hub's HTTP
/// server runs on): no libcurl, and no full Foundation.
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
  private let cache = Mutex<[(url: URL, data: Data)]>([])
  private static let cacheCount = 32

  /// The one client of the process: a static, so it is never shut down (AsyncHTTPClient requires
  /// a client to be shut down before it is released) and its connections are shared.
  private static let client = HTTPClient(
    eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
    configuration: HTTPClient.Configuration(
      redirectConfiguration: .follow(max: redirectLimit, allowCycles: false)))

  /// Creates a fetcher that takes at most `limit` bytes within `time`.
  init(limit: Int, time: Duration) {
    self.limit = limit
    self.time = time
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

  /// Downloads the picture, refusing what is too large, not a picture, or redirected too often.
  /// Cancelling the task (newer metadata came) cancels the download.
  private func download(_ url: URL) async throws(Failure) -> Data {
    let timeout = TimeAmount.nanoseconds(
      time.components.seconds * 1_000_000_000 + time.components.attoseconds / 1_000_000_000)
    do {
      let response = try await Self.client.execute(
        HTTPClientRequest(url: url.absoluteString), timeout: timeout)
      guard (200..<300).contains(response.status.code) else {
        throw Failure(reason: "the server answered HTTP \(response.status.code)")
      }
      if let type = response.headers.first(name: "content-type")?.split(separator: ";").first?
        .trimmingSpaces().lowercased(), !type.hasPrefix("image/"), type != "application/octet-stream"
      {
        throw Failure(reason: "the server sent \(type), not a picture")
      }
      if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
        throw Failure(reason: "\(length) bytes, over the limit of \(limit)")
      }
      let body = try await response.body.collect(upTo: limit)
      guard body.readableBytes > 0 else { throw Failure(reason: "the server sent no bytes") }
      return Data(body.readableBytesView)
    } catch let failure as Failure {
      throw failure
    } catch is NIOTooManyBytesError {
      throw Failure(reason: "more than the limit of \(limit) bytes")
    } catch let error as HTTPClientError {
      switch error {
      case .redirectLimitReached: throw Failure(reason: "more than \(Self.redirectLimit) redirects")
      case .redirectCycleDetected: throw Failure(reason: "the redirects go round in a circle")
      case .deadlineExceeded, .readTimeout, .connectTimeout:
        throw Failure(reason: "no picture within \(time)")
      default: throw Failure(reason: "\(error)")
      }
    } catch {
      throw Failure(reason: errorDescription(error))
    }
  }
}
