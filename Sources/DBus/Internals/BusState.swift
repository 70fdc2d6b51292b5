import Glibc
import Synchronization

/// Everything a connection owns on its owner thread: the sd-bus object and what must be
/// re-registered after a reconnect (exported objects, matches, owned names).
///
/// Not `Sendable`: only the owner thread uses it, through ``BusLoop`` jobs.
final class BusState {
  /// How long to wait between the first reconnect attempts (µs): a restarted daemon is back
  /// within a few. A timer exists only while disconnected.
  static let reconnectInterval: UInt64 = 100_000
  /// How many attempts are made ``reconnectInterval`` apart before the waits start doubling.
  static let quickReconnectAttempts = 10
  /// The longest wait between reconnect attempts (µs): a bus gone for good costs one wake-up
  /// every 5 s, not ten a second.
  static let longestReconnectInterval: UInt64 = 5_000_000

  let address: BusAddress
  /// Where reconnects go: ``address``, until the daemon there turns out to be another one than
  /// the `guid=` of the address names; from then on the same address without the guid.
  private var reconnectAddress: BusAddress
  /// The address sd-bus connected to last (the session bus's resolved), for dropping its guid.
  private var connectedAddress: String?
  private var failedReconnects = 0
  weak var loop: BusLoop?
  private(set) var bus: BusHandle?
  private var nextID: UInt64 = 0
  private var exports: [UInt64: ExportedObject] = [:]
  private var matches: [UInt64: MatchEntry] = [:]
  /// Property-write handlers (`sd_bus_add_object` callbacks), by id.
  var interceptors: [UInt64: PropertyWriteInterceptor] = [:]
  private var pendingCalls: [UInt64: PendingCall] = [:]
  /// Names we own or queue for, with the flags they were requested with, in request order.
  private var ownedNames: [(name: BusName, flags: UInt32)] = []
  private var slotsToRelease: [(slot: SlotHandle, owner: AnyObject)] = []
  private var retryDeadline: UInt64?

  init(address: BusAddress) {
    self.address = address
    reconnectAddress = address
  }

  /// A fresh identifier for a registration, match or pending call.
  func makeID() -> UInt64 {
    nextID += 1
    return nextID
  }

  // MARK: - Connecting

  /// Opens the bus and learns the unique name.
  func connect() throws(BusError) {
    let bus = try SDBus.open(reconnectAddress)
    let unique: String
    do {
      unique = try SDBus.uniqueName(bus)
    } catch {
      SDBus.close(bus)
      throw error
    }
    self.bus = bus
    connectedAddress = SDBus.address(bus)
    loop?.shared.withLock { $0.uniqueName = BusName(rawValue: unique) }
  }

  /// What the loop should `poll` for: the bus socket and sd-bus's deadline, or, while
  /// disconnected, the next reconnect attempt.
  func pollRequest() -> (descriptor: pollfd?, deadline: UInt64?)? {
    guard let bus else { return retryDeadline.map { (nil, $0) } }
    do {
      let descriptor = pollfd(
        fd: try SDBus.fileDescriptor(bus), events: try SDBus.events(bus), revents: 0)
      return (descriptor, try SDBus.timeout(bus))
    } catch {
      lostConnection()
      return retryDeadline.map { (nil, $0) }
    }
  }

  /// Dispatches everything sd-bus has ready; notices a lost connection.
  func processIncoming() {
    if let bus {
      do {
        while try SDBus.process(bus) {}
      } catch {
        // Reported as a closed connection just below.
      }
      if !SDBus.isOpen(bus) { lostConnection() }
    }
    releaseDeferredSlots()
  }

  /// Called after every `poll`: time to try reconnecting?
  func handleWakeUp() {
    if bus == nil, let retryDeadline, retryDeadline <= monotonicMicroseconds() {
      attemptReconnect()
    }
  }

  /// Slots whose callbacks are running cannot be released inside them; they wait here, each
  /// with the object its callback's userdata points to. sd-bus may still dispatch to a slot
  /// until it is released, so that object must live until then: the callbacks take it
  /// unretained.
  func releaseLater(_ slot: SlotHandle, keepingAlive owner: AnyObject) {
    slotsToRelease.append((slot, owner))
  }

  private func releaseDeferredSlots() {
    for entry in slotsToRelease { SDBus.release(entry.slot) }
    slotsToRelease.removeAll()
  }

  // MARK: - Losing and regaining the bus

  private func lostConnection() {
    guard let bus else { return }
    detachEverything(error: BusError(.disconnected, "the connection to the bus was lost"))
    SDBus.close(bus)
    self.bus = nil
    retryDeadline = monotonicMicroseconds() + BusState.reconnectInterval
  }

  private func detachEverything(error: BusError) {
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

  private func attemptReconnect() {
    do {
      try connect()
    } catch {
      reconnectFailed(error)
      return
    }
    failedReconnects = 0
    retryDeadline = nil
    for object in exports.values.sorted(by: { $0.id < $1.id }) { try? attach(object) }
    for match in matches.values.sorted(by: { $0.id < $1.id }) { try? attach(match) }
    for interceptor in interceptors.values.sorted(by: { $0.id < $1.id }) { try? attach(interceptor) }
    if let bus {
      for owned in ownedNames {
        _ = try? requestNameNow(bus, owned.name, flags: owned.flags)
      }
    }
    let handler = loop?.shared.withLock { $0.onReconnect }
    handler?()
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
    let handler = loop?.shared.withLock { $0.onReconnectFailure }
    handler?(error)
  }

  /// Requests a name synchronously (used only while re-registering after a reconnect).
  private func requestNameNow(_ bus: BusHandle, _ name: BusName, flags: UInt32) throws(BusError)
    -> UInt32
  {
    let message = try SDBus.newMethodCall(
      bus, destination: BusName.bus.rawValue, path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "RequestName")
    defer { SDBus.release(message: message) }
    try Value.append([.string(name.rawValue), .uint32(flags)], to: message)
    let reply = try SDBus.call(bus, message, timeoutMicroseconds: 0)
    defer { SDBus.release(message: reply) }
    guard case .uint32(let result) = try Value.readNext(from: reply) else { return 0 }
    return result
  }

  /// Closes the connection for good and drops every registration.
  func shutDown() {
    detachEverything(error: BusError(.disconnected, "the connection was closed"))
    exports.removeAll()
    matches.removeAll()
    interceptors.removeAll()
    ownedNames.removeAll()
    retryDeadline = nil
    if let bus { SDBus.close(bus) }
    bus = nil
  }

  // MARK: - Exported objects

  /// Registers `object` now and after every reconnect.
  func export(_ object: ExportedObject) throws(BusError) {
    if bus != nil { try attach(object) }
    exports[object.id] = object
  }

  /// Removes an exported object.
  func unexport(id: UInt64) {
    guard let object = exports.removeValue(forKey: id) else { return }
    if let slot = object.slot { SDBus.release(slot) }
    object.slot = nil
  }

  private func attach(_ object: ExportedObject) throws(BusError) {
    guard let bus else { return }
    object.slot = try SDBus.addObjectVTable(
      bus, path: object.path.rawValue, interface: object.interface.name,
      vtable: object.vtable.entries,
      userdata: Unmanaged.passUnretained(object).toOpaque())
  }

  /// Sends the answer to a method call and drops our reference on it.
  func answer(_ call: MessageHandle, with result: Result<[Value], BusError>, expected: Signature) {
    defer { SDBus.release(message: call) }
    guard SDBus.expectsReply(call) else { return }
    var outcome = result
    if case .success(let values) = result, Value.signature(of: values) != expected {
      outcome = .failure(
        .failed(
          "the service answered with signature \"\(Value.signature(of: values))\" where "
            + "\"\(expected)\" is declared"))
    }
    do {
      let reply: MessageHandle
      switch outcome {
      case .success(let values):
        let success = try SDBus.newMethodReturn(call)
        do {
          try Value.append(values, to: success)
          reply = success
        } catch {
          SDBus.release(message: success)
          reply = try SDBus.newMethodError(call, error)
        }
      case .failure(let error):
        reply = try SDBus.newMethodError(call, error)
      }
      defer { SDBus.release(message: reply) }
      try SDBus.send(reply)
    } catch {
      // The connection the call came on is gone; its caller sees that on its side.
    }
  }

  /// Emits PropertiesChanged for `names` of `interface` at `path`.
  func emitPropertiesChanged(path: ObjectPath, interface: String, names: [String])
    throws(BusError)
  {
    guard let bus else { return }
    try SDBus.emitPropertiesChanged(
      bus, path: path.rawValue, interface: interface, names: names)
  }

  /// Emits a signal.
  func emitSignal(path: ObjectPath, interface: String, member: String, arguments: [Value])
    throws(BusError)
  {
    guard let bus else { return }
    let message = try SDBus.newSignal(
      bus, path: path.rawValue, interface: interface, member: member)
    defer { SDBus.release(message: message) }
    try Value.append(arguments, to: message)
    try SDBus.send(message)
  }

  // MARK: - Matches

  /// Installs `match` now and after every reconnect.
  func addMatch(_ match: MatchEntry) throws(BusError) {
    if bus != nil { try attach(match) }
    matches[match.id] = match
  }

  /// Removes a match.
  func removeMatch(id: UInt64) {
    guard let match = matches.removeValue(forKey: id) else { return }
    if let slot = match.slot { releaseLater(slot, keepingAlive: match) }
    match.slot = nil
  }

  private func attach(_ match: MatchEntry) throws(BusError) {
    guard let bus else { return }
    match.slot = try SDBus.addMatch(
      bus, rule: match.rule, callback: Trampolines.match,
      userdata: Unmanaged.passUnretained(match).toOpaque())
  }

  // MARK: - Calls

  /// Sends a method call; `completion` runs on this thread with the reply's values or error.
  func call(
    destination: BusName?, path: ObjectPath, interface: String?, member: String,
    arguments: [Value], timeoutMicroseconds: UInt64,
    completion: @escaping (BusState, Result<[Value], BusError>) -> Void
  ) {
    guard let bus else {
      return completion(self, .failure(BusError(.disconnected, "not connected to the bus")))
    }
    do {
      let message = try SDBus.newMethodCall(
        bus, destination: destination?.rawValue, path: path.rawValue, interface: interface,
        member: member)
      defer { SDBus.release(message: message) }
      try Value.append(arguments, to: message)
      let pending = PendingCall(id: makeID(), member: member, completion: completion)
      pending.state = self
      pending.slot = try SDBus.callAsync(
        bus, message, callback: Trampolines.reply,
        userdata: Unmanaged.passUnretained(pending).toOpaque(),
        timeoutMicroseconds: timeoutMicroseconds)
      pendingCalls[pending.id] = pending
    } catch {
      completion(self, .failure(error))
    }
  }

  /// Called by the reply trampoline: hands the reply to the waiting caller.
  func finish(_ pending: PendingCall, reply: MessageHandle) {
    guard pendingCalls.removeValue(forKey: pending.id) != nil else { return }
    if let slot = pending.slot { releaseLater(slot, keepingAlive: pending) }
    pending.slot = nil
    let result: Result<[Value], BusError>
    if let error = SDBus.replyError(reply, operation: pending.member) {
      result = .failure(error)
    } else {
      do throws(BusError) {
        result = .success(try Value.readAll(from: reply))
      } catch {
        result = .failure(error)
      }
    }
    pending.completion(self, result)
  }

  // MARK: - Names

  /// Remembers `name` so it is requested again after a reconnect.
  func rememberName(_ name: BusName, flags: UInt32) {
    ownedNames.removeAll { $0.name == name }
    ownedNames.append((name, flags))
  }

  /// Forgets a released name.
  func forgetName(_ name: BusName) {
    ownedNames.removeAll { $0.name == name }
  }
}
