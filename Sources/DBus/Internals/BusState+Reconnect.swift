import Glibc
import Synchronization

extension BusState {
  // MARK: - Losing and regaining the bus

  /// How long to wait between the first reconnect attempts (µs): a restarted daemon is back
  /// within a few. A timer exists only while disconnected.
  static let reconnectInterval: UInt64 = 100_000
  /// How many attempts are made ``reconnectInterval`` apart before the waits start doubling.
  static let quickReconnectAttempts = 10
  /// The longest wait between reconnect attempts (µs): a bus gone for good costs one wake-up
  /// every 5 s, not ten a second.
  static let longestReconnectInterval: UInt64 = 5_000_000

  /// Fails every pending call, detaches every registration (kept for the reconnect), closes
  /// the bus and schedules the first reconnect attempt.
  func lostConnection() {
    guard let bus else { return }
    detachEverything(error: BusError(.disconnected, "the connection to the bus was lost"))
    SDBus.close(bus)
    self.bus = nil
    retryDeadline = monotonicMicroseconds() + BusState.reconnectInterval
  }

  /// Releases every registration's slot and fails every pending call with `error`.
  func detachEverything(error: BusError) {
    let pending = pendingCalls
    pendingCalls.removeAll()
    for call in pending.values {
      if let slot = call.slot { SDBus.release(slot) }
      call.slot = nil
      call.completion(self, .failure(error))
    }
    for object in exports.values {
      if let slot = object.slot { SDBus.release(slot) }
      object.slot = nil
    }
    for match in matches.values {
      if let slot = match.slot { SDBus.release(slot) }
      match.slot = nil
    }
    for interceptor in interceptors.values {
      if let slot = interceptor.slot { SDBus.release(slot) }
      interceptor.slot = nil
    }
    releaseDeferredSlots()
  }

  /// Connects again and registers everything again: objects, matches, property-write handlers
  /// and names, in the order they were first made; then tells `onReconnect`.
  func attemptReconnect() {
    do {
      try connect()
    } catch {
      reconnectFailed(error)
      return
    }
    failedReconnects = 0
    retryDeadline = nil
    for object in exports.values.sorted(by: { $0.id < $1.id }) {
      reattach("\(object.interface.name) could not be exported again at \(object.path)") {
        () throws(BusError) in try attach(object)
      }
    }
    for match in matches.values.sorted(by: { $0.id < $1.id }) {
      reattach("the match rule \(match.rule) could not be installed again") {
        () throws(BusError) in try attach(match)
      }
    }
    for interceptor in interceptors.values.sorted(by: { $0.id < $1.id }) {
      reattach("the property-write handler at \(interceptor.path) could not be installed again") {
        () throws(BusError) in try attach(interceptor)
      }
    }
    if let bus {
      for owned in ownedNames { requestAgain(owned.name, flags: owned.flags, on: bus) }
    }
    let handler = loop?.shared.withLock { $0.onReconnect }
    handler?()
  }

  /// Registers one thing again after a reconnect; when that fails, the connection goes on
  /// without it and says so through `onReconnectFailure`, `what` first.
  private func reattach(_ what: String, _ registration: () throws(BusError) -> Void) {
    do {
      try registration()
    } catch {
      report(
        BusError(
          error.name, "after reconnecting, \(what): \(error.message)", operation: "reconnect",
          errno: error.errno))
    }
  }

  /// Requests a name owned before the bus was lost; says so through `onReconnectFailure` when
  /// the bus refuses it, or when another connection took it meanwhile (the connection then waits
  /// in its queue when its flags allow).
  private func requestAgain(_ name: BusName, flags: UInt32, on bus: BusHandle) {
    let result: UInt32
    do {
      result = try requestNameNow(bus, name, flags: flags)
    } catch {
      report(
        BusError(
          error.name, "after reconnecting, the name \(name) could not be requested again: \(error.message)",
          operation: "reconnect", errno: error.errno))
      return
    }
    switch RequestNameResult(rawValue: result) {
    case .primaryOwner, .alreadyOwner:
      break
    case .inQueue:
      report(
        BusError(
          .failed,
          "after reconnecting, another connection owns the name \(name); this one waits in its queue",
          operation: "reconnect"))
    case .exists, nil:
      report(
        BusError(
          .failed,
          "after reconnecting, another connection owns the name \(name); this one goes on without it",
          operation: "reconnect"))
    }
  }

  /// Schedules the next attempt after a failed one, and says so (at most twice per loss of the
  /// bus) through `onReconnectFailure`.
  ///
  /// A daemon replaced at the same path has a new server id: sd-bus authenticates, compares it
  /// with the address's `guid=` and refuses the connection (`EPERM`). Retrying the same address
  /// would never succeed; what the user wants is the new daemon, which serves the same path, so
  /// the guid is dropped and the next attempt comes at once. A bus that stays away is retried
  /// ever less often, up to ``longestReconnectInterval``.
  private func reconnectFailed(_ error: BusError) {
    failedReconnects += 1
    let now = monotonicMicroseconds()
    if error.errno == EPERM, reconnectAddress == address, let connected = connectedAddress,
      case let stripped = BusAddress.removingGUID(from: connected), stripped != connected
    {
      reconnectAddress = .address(stripped)
      retryDeadline = now
      report(
        BusError(
          error.name,
          "the bus at \(connected) is now served by another daemon than its guid names; "
            + "reconnecting to \(stripped)", operation: "reconnect", errno: error.errno))
      return
    }
    // 100 ms, then 200 ms, 400 ms… (a shift of 6 is past the longest already).
    let doublings = UInt64(min(6, max(0, failedReconnects - BusState.quickReconnectAttempts)))
    retryDeadline = now + min(BusState.reconnectInterval << doublings, BusState.longestReconnectInterval)
    if failedReconnects == BusState.quickReconnectAttempts {
      report(
        BusError(
          error.name,
          "cannot reconnect to the bus (\(error.message)); retrying less and less often, "
            + "at least every \(BusState.longestReconnectInterval / 1_000_000) s",
          operation: "reconnect", errno: error.errno))
    }
  }

  private func report(_ error: BusError) {
    loop?.reportReconnectFailure(error)
  }
}
