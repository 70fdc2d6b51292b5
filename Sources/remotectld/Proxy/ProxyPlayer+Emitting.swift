import DBus
import Logging
import PlayerView

extension ProxyPlayer {
  // MARK: - Emitting

  /// Announces `names` of `interface`, unless it is one whose changes are never announced
  /// (``InterfaceDescription/announcesChanges``).
  func announce(_ names: [String], of interface: InterfaceDescription, if isPublished: Bool) {
    guard isPublished, !names.isEmpty, interface.announcesChanges else { return }
    do {
      try server.emitPropertiesChanged(path: interface.path, interface: interface.name, properties: names)
    } catch {
      logger.error("could not announce the proxy's properties", metadata: ["error": "\(error)"])
    }
  }

  /// Re-emits the signal `member` of `interface` at `path` on the proxy's connection.
  func emit(_ member: String, of interface: String, at path: ObjectPath, _ arguments: [Value]) {
    do {
      try server.emitSignal(path: path, interface: interface, member: member, arguments: arguments)
    } catch {
      logger.error("could not re-emit \(interface).\(member)", metadata: ["error": "\(error)"])
    }
  }
}
