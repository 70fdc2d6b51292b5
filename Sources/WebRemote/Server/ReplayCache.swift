import Synchronization

/// The nonces of the signatures accepted within their window: a request or upgrade sent a
/// second time — a second or an hour later — is refused, the first because its nonce is here,
/// the second because its time is out of the window (``RequestSignature/maximumSkew``), after
/// which its nonce is forgotten.
final class ReplayCache: Sendable {
  /// The most nonces remembered at once; past it, signatures are refused until old ones expire.
  static let capacity = 100_000

  private struct State: Sendable {
    var expiries: [String: Int64] = [:]
    var nextPrune: Int64 = 0
  }

  private let state = Mutex(State())

  /// Remembers the nonce of `signature` and returns true, or returns false when it was seen
  /// already (or too many are remembered). `now` is in ms since the Unix epoch.
  func admit(_ signature: RequestSignature, now: Int64) -> Bool {
    let key = signature.id + " " + signature.nonce
    // Forgotten only once no clock in the window can accept the signature again.
    let expiry = signature.time + RequestSignature.maximumSkew + 1_000
    return state.withLock { state in
      if now >= state.nextPrune || state.expiries.count >= Self.capacity {
        state.expiries = state.expiries.filter { $0.value > now }
        state.nextPrune = now + 5_000
      }
      guard state.expiries[key] == nil, state.expiries.count < Self.capacity else { return false }
      state.expiries[key] = expiry
      return true
    }
  }
}
