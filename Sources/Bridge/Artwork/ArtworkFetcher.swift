import Synchronization

#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
#else
  import Foundation
#endif

/// Fetches the pictures clients give as `http(s)` URLs, within a size and a time limit, and
/// keeps the last ones fetched so that a client repeating its metadata costs no new fetch.
final class ArtworkFetcher: Sendable {
  /// Why a picture could not be had, in words.
  struct Failure: Error, Sendable, Hashable {
    /// Why.
    var reason: String
  }

  private let limit: Int
  private let time: Duration
  private let cache = Mutex<[(url: URL, data: Data)]>([])
  private static let cacheCount = 32

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

  private func download(_ url: URL) async throws(Failure) -> Data {
    let configuration = URLSessionConfiguration.ephemeral
    let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
    configuration.timeoutIntervalForRequest = seconds
    configuration.timeoutIntervalForResource = seconds
    let delegate = ArtworkDownload(limit: limit)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    // Cancelling the fetch (newer metadata came) cancels the download, which then completes.
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        delegate.start(session.dataTask(with: url), continuation: continuation)
      }
    } onCancel: {
      session.invalidateAndCancel()
    }
    return try result.get()
  }
}
