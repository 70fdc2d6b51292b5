/// The observers of an application's delivered events, in the order they were added.
@MainActor
final class EventObservers {
  private var observers: [(token: ObservationToken, observer: @MainActor (EventDelivery) -> Void)] = []

  var isEmpty: Bool { observers.isEmpty }

  func add(_ observer: @escaping @MainActor (EventDelivery) -> Void) -> ObservationToken {
    let token = ObservationToken.unique()
    observers.append((token, observer))
    return token
  }

  func remove(_ token: ObservationToken) {
    observers.removeAll { $0.token == token }
  }

  /// Calls every observer; an observer added or removed meanwhile takes effect next time.
  func notify(_ delivery: EventDelivery) {
    for entry in observers { entry.observer(delivery) }
  }
}
