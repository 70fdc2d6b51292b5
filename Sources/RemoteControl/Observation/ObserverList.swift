/// Observers in the order they were added, each removable by the token its addition returned.
///
/// A value: the type that owns it keeps it where its other state is (behind its lock, or on its
/// actor), copies it there (no allocation: the copy shares the storage until one side changes),
/// and calls the copy's observers once it has let go of that state, so that an observer may add
/// or remove observers, or read the owner, without deadlock; an observer added or removed
/// meanwhile takes effect on the next change.
///
/// Package access: the one observer list of the package, the hub's parts (its view of the
/// players, its Now Playing rule, the web remote's devices) keep theirs in it too.
package struct ObserverList<Observer>: Sequence {
  // Two arrays, not one of (token, observer) pairs: iterating walks the observers' own array,
  // with no tuple type or lazy map to instantiate at run time (called from other modules the
  // list is not specialized, and did that for every change the hub's view announced).
  private var tokens: [ObservationToken] = []
  private var observers: [Observer] = []

  /// A list without observers.
  package init() {}

  /// Whether nobody observes.
  package var isEmpty: Bool { observers.isEmpty }

  /// The observers, in the order they were added.
  package func makeIterator() -> IndexingIterator<[Observer]> {
    observers.makeIterator()
  }

  /// Adds `observer` after the others.
  /// - Returns: The token that removes it.
  package mutating func add(_ observer: Observer) -> ObservationToken {
    let token = ObservationToken.unique()
    tokens.append(token)
    observers.append(observer)
    return token
  }

  /// Removes the observer the token was returned for; an unknown token is ignored.
  package mutating func remove(_ token: ObservationToken) {
    guard let index = tokens.firstIndex(of: token) else { return }
    tokens.remove(at: index)
    observers.remove(at: index)
  }
}

// Safe because every stored observer is itself `Sendable` under this condition.
extension ObserverList: Sendable where Observer: Sendable {}
