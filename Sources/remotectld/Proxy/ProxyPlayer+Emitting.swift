import DBus
import Logging
import PlayerView

extension ProxyPlayer {
  // MARK: - Emitting

  /// Sends `signals` on the proxy's connection, in order; called after the state's lock is
  /// released, on the view's connection thread, where every proxy signal is computed.
  func send(_ signals: [ProxySignal]) {
    for signal in signals {
      switch signal {
      case .propertiesChanged(let names, let interface):
        do {
          try server.emitPropertiesChanged(path: interface.path, interface: interface.name, properties: names)
        } catch {
          logger.error("could not announce the proxy's properties", metadata: ["error": "\(error)"])
        }
      case .signal(let member, let interface, let path, let arguments):
        do {
          try server.emitSignal(path: path, interface: interface, member: member, arguments: arguments)
        } catch {
          logger.error("could not re-emit \(interface).\(member)", metadata: ["error": "\(error)"])
        }
      }
    }
  }
}
