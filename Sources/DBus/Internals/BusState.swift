import Glibc
import Synchronization

/// Everything a connection owns on its owner thread: the sd-bus object and what must be
/// re-registered after a reconnect (exported objects, matches, owned names).
///
/// Not `Sendable`: only the owner thread uses it, through ``BusLoop`` jobs.
final class BusState {
  let address: BusAddress
  /// Where reconnects go: ``address``, until the daemon there turns out to be another one than
  /// the `guid=` of the address names; from then on the same address without the guid.
  var reconnectAddress: BusAddress
  /// The address sd-bus connected to last (the session bus's resolved), for dropping its guid.
  var connectedAddress: String?
  /// Reconnect attempts failed since the bus was lost.
  var failedReconnects = 0
  weak var loop: BusLoop?
  /// The sd-bus connection; `nil` while disconnected.
  var bus: BusHandle?
  private var nextID: UInt64 = 0
  /// Exported objects, by id.
  var exports: [UInt64: ExportedObject] = [:]
  /// Installed matches, by id.
  var matches: [UInt64: MatchEntry] = [:]
  /// Property-write handlers (`sd_bus_add_object` callbacks), by id.
  var interceptors: [UInt64: PropertyWriteInterceptor] = [:]
  /// Method calls waiting for their reply, by id.
  var pendingCalls: [UInt64: PendingCall] = [:]
  /// Names we own or queue for, with the flags they were requested with, in request order.
  var ownedNames: [(name: BusName, flags: UInt32)] = []
  private var slotsToRelease: [(slot: SlotHandle, owner: AnyObject)] = []
  /// When to try reconnecting next (monotonic µs); `nil` while connected.
  var retryDeadline: UInt64?

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

  /// Releases the slots ``releaseLater(_:keepingAlive:)`` held back.
  func releaseDeferredSlots() {
    for entry in slotsToRelease { SDBus.release(entry.slot) }
    slotsToRelease.removeAll()
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
}
