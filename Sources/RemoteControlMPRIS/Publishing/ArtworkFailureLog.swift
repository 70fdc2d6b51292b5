import Logging
import RemoteControl
import RemoteControlBackend
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Logs artwork the info center or the queue center could not write to the cache, once per
/// failure: a snapshot keeps its ``ArtworkError`` while the info stays, and every later change
/// of the same info (a pause, a seek) carries it again.
final class ArtworkFailureLog: Sendable {
  private struct Logged {
    var nowPlaying: ArtworkError?
    var queue: [String: ArtworkError] = [:]
  }

  private let logged = Mutex(Logged())
  private let logger: Logger

  init(logger: Logger) {
    self.logger = logger
  }

  /// Logs the artwork failures `change` carries that were not logged for the same item.
  func take(_ change: ApplicationMirror.Change) {
    let new: [(item: String?, error: ArtworkError)]
    switch change {
    case .nowPlaying(let snapshot):
      new = logged.withLock { logged in
        defer { logged.nowPlaying = snapshot.artworkError }
        guard let error = snapshot.artworkError, error != logged.nowPlaying else { return [] }
        return [(nil, error)]
      }
    case .queue(let queue):
      let errors = queue.content.artworkErrors
      new = logged.withLock { logged in
        defer { logged.queue = errors }
        return errors.filter { logged.queue[$0.key] != $0.value }.sorted { $0.key < $1.key }
          .map { ($0.key, $0.value) }
      }
    case .commands, .delivered:
      return
    }
    for (item, error) in new {
      var metadata: Logger.Metadata = ["file": "\(error.file.path)", "error": "\(error.message)"]
      if let item { metadata["item"] = "\(item)" }
      logger.warning(
        item == nil
          ? "the Now Playing artwork could not be written to the cache; it is published without it"
          : "a queue item's artwork could not be written to the cache; it is published without it",
        metadata: metadata)
    }
  }
}
