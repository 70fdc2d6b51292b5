/// Observers in the order they were added, each removable by the token its addition returned.
///
/// A value: the type that owns it keeps it where its other state is (behind its lock, or on its
/// actor), copies it there (no allocation: the copy shares the storage until one side changes),
/// and calls the copy's observers once it has let go of that state, so that an observer may add
/// or remove observers, or read the owner, without deadlock; an observer added or removed
/// meanwhile takes effect on the next change.
struct ObserverList<Observer>: Sequence {
  private var entries: [(token: ObservationToken, observer: Observer)] = []

  /// Whether nobody observes.
  var isEmpty: Bool { entries.isEmpty }

  /// The observers, in the order they were added.
  func makeIterator() -> LazyMapSequence<[(token: ObservationToken, observer: Observer)], Observer>.Iterator {
    entries.lazy.map(\.observer).makeIterator()
  }

  /// Adds `observer` after the others.
  /// - Returns: The token that removes it.
  mutating func add(_ observer: Observer) -> ObservationToken {
    let token = ObservationToken.unique()
    entries.append((token, observer))
    return token
  }

  /// Removes the observer the token was returned for; an unknown token is ignored.
  mutating func remove(_ token: ObservationToken) {
    entries.removeAll { $0.token == token }
  }
}

// Safe because every stored observer is itself `Sendable` under this condition.
extension ObserverList: Sendable where Observer: Sendable {}
