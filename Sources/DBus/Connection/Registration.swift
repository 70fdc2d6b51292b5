import Synchronization

/// An exported interface; ``cancel()`` removes it from the bus.
///
/// It stays exported, across reconnects, until cancelled or until the connection closes;
/// dropping this value does not remove it.
package final class Registration: Sendable {
  /// Where the interface is exported.
  package let path: ObjectPath
  /// The interface name.
  package let interface: String
  private let id: UInt64
  private let loop: BusLoop
  private let withdrawal: ExportWithdrawal

  init(id: UInt64, path: ObjectPath, interface: String, loop: BusLoop, withdrawal: ExportWithdrawal) {
    self.id = id
    self.path = path
    self.interface = interface
    self.loop = loop
    self.withdrawal = withdrawal
  }

  /// Removes the interface from the bus without waiting: it is no longer listed, and answers no
  /// new call, from now on (a call already being served finishes), and the connection's thread
  /// unregisters it soon after. Safe anywhere, even inside one of its own handlers. Calling it
  /// again does nothing.
  package func cancel() {
    let key = ExportKey(path: path, interface: interface)
    let id = self.id
    let removed = loop.shared.withLock { shared in
      guard shared.exportIDs[key] == id else { return false }
      shared.exported[key] = nil
      shared.exportIDs[key] = nil
      return true
    }
    guard removed else { return }
    withdrawal.withdraw()
    loop.submit { state in state.unexport(id: id) }
  }
}
