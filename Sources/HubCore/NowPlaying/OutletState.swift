package import DBus
import PlayerView
import RemoteControlMPRIS

/// One outlet's state, kept under its lock: whether it announces, the extra interfaces it
/// exports now, and what its controllers last saw.
package struct OutletState: Sendable {
  /// Whether the outlet announces: nothing is sent while it is not published.
  package var isPublished = false
  /// The active player's extra interfaces this outlet exports now, by
  /// ``InterfaceDescription/key``.
  var exportedExtras: [String: InterfaceDescription] = [:]
  /// The value of every announced property as the outlet's controllers last saw it, by interface
  /// key then name: an announcement carries exactly the properties whose value differs from it.
  package var seen: [String: [String: Value]] = [:]
  /// Counts what was taken as seen, so that a reader outside the lock can tell whether its read
  /// is still the newest (``Outlet/currentProperties(of:)``).
  package var generation = 0

  /// The properties among `values` whose value differs from what controllers last saw, with
  /// that value, which they are now taken to have seen, in `values`' order.
  package mutating func take(_ values: NowPlayingChange.Values) -> [(name: String, value: Value)] {
    generation += 1
    var changed: [(name: String, value: Value)] = []
    let key = values.interface.key
    for (name, now) in values.properties {
      let fallback = values.interface.properties.first { $0.name == name }?.fallback
      guard now != (seen[key]?[name] ?? fallback) else { continue }
      seen[key, default: [:]][name] = now
      changed.append((name, now))
    }
    return changed
  }
}
