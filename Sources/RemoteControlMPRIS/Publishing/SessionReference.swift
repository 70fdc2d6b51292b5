import Synchronization

/// A media player session, held for a callback that outlives nothing but the session itself;
/// `nil` once the session stopped.
final class SessionReference: Sendable {
  private let session = Mutex<MediaPlayerSession?>(nil)

  /// Reads or changes the session under the lock.
  func withLock<Result>(_ body: (inout MediaPlayerSession?) -> Result) -> Result {
    session.withLock { body(&$0) }
  }
}
