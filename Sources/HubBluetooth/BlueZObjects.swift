package import DBus
import HubCore

/// What bluetoothd's ObjectManager says it has: each object's interfaces and their properties,
/// kept up to date from `GetManagedObjects`, `InterfacesAdded`, `InterfacesRemoved` and
/// `PropertiesChanged`.
///
/// A value type the Bluetooth part keeps under its lock; it reads the objects the hub cares
/// about: adapters with `Media1`, devices' players and transports.
package struct BlueZObjects: Sendable, Hashable {
  /// The properties of each interface of each object, by path.
  private(set) var objects: [ObjectPath: [String: [String: Value]]] = [:]

  /// Every object of a `GetManagedObjects` reply (`a{oa{sa{sv}}}`), replacing what was known.
  ///
  /// - Returns: `false` when the reply is not of that type.
  mutating func replace(withManagedObjects reply: Value) -> Bool {
    guard case .dictionary(_, _, let entries) = reply else { return false }
    objects = [:]
    for entry in entries {
      guard case .objectPath(let path) = entry.key, let interfaces = Self.interfaces(entry.value) else {
        return false
      }
      objects[path] = interfaces
    }
    return true
  }

  /// `InterfacesAdded(o, a{sa{sv}})`: returns the names of the interfaces added, empty when the
  /// arguments are not of that type.
  package mutating func add(_ arguments: [Value]) -> [String] {
    guard arguments.count == 2, case .objectPath(let path) = arguments[0],
      let interfaces = Self.interfaces(arguments[1])
    else { return [] }
    objects[path, default: [:]].merge(interfaces) { _, new in new }
    return Array(interfaces.keys)
  }

  /// `InterfacesRemoved(o, as)`: returns the path and the names of the interfaces removed.
  package mutating func remove(_ arguments: [Value]) -> (ObjectPath, [String])? {
    guard arguments.count == 2, case .objectPath(let path) = arguments[0],
      let names = arguments[1].arrayElements?.compactMap(\.stringValue)
    else { return nil }
    for name in names { objects[path]?[name] = nil }
    if objects[path]?.isEmpty == true { objects[path] = nil }
    return (path, names)
  }

  /// `PropertiesChanged(s, a{sv}, as)` from `path`: returns the interface changed, `nil` when
  /// the arguments are not of that type or the object is not known.
  package mutating func change(at path: ObjectPath, _ arguments: [Value]) -> String? {
    guard arguments.count == 3, let interface = arguments[0].stringValue, objects[path]?[interface] != nil,
      let changed = Self.properties(arguments[1])
    else { return nil }
    objects[path]?[interface]?.merge(changed) { _, new in new }
    for name in arguments[2].arrayElements?.compactMap(\.stringValue) ?? [] {
      objects[path]?[interface]?[name] = nil
    }
    return interface
  }

  /// Forgets everything (bluetoothd left the bus).
  mutating func removeAll() {
    objects = [:]
  }

  // MARK: - Reading

  /// The properties of `interface` at `path`, `nil` when the object does not have it.
  package subscript(path: ObjectPath, interface: String) -> [String: Value]? {
    objects[path]?[interface]
  }

  /// The adapters that serve `org.bluez.Media1`, sorted by path.
  var mediaAdapters: [ObjectPath] {
    objects.filter { $0.value[BlueZ.media] != nil }.keys.sorted { $0.rawValue < $1.rawValue }
  }

  /// The devices' players (`org.bluez.MediaPlayer1`), sorted by path.
  var devicePlayers: [ObjectPath] {
    objects.filter { $0.value[BlueZ.mediaPlayer] != nil }.keys.sorted { $0.rawValue < $1.rawValue }
  }

  /// Whether `device` streams to this computer: one of its transports carries sound from it
  /// (`UUID` A2DP Sink, the local endpoint's, see ``BlueZ/a2dpSinkUUID``) and is `active`, that
  /// is acquired and playing (transport.c `state2str`: "pending" is streaming but not acquired,
  /// so nothing plays here).
  func streamsHere(_ device: ObjectPath) -> Bool {
    objects.values.contains { interfaces in
      guard let transport = interfaces[BlueZ.mediaTransport] else { return false }
      return transport["Device"]?.unwrappingVariants == .objectPath(device)
        && transport["UUID"]?.unwrappingVariants.stringValue?.lowercased() == BlueZ.a2dpSinkUUID
        && transport["State"]?.unwrappingVariants.stringValue == "active"
    }
  }

  // MARK: - Decoding

  /// An `a{sa{sv}}` as interfaces and their properties.
  private static func interfaces(_ value: Value) -> [String: [String: Value]]? {
    guard case .dictionary(_, _, let entries) = value else { return nil }
    var result: [String: [String: Value]] = [:]
    for entry in entries {
      guard let name = entry.key.stringValue, let properties = properties(entry.value) else { return nil }
      result[name] = properties
    }
    return result
  }

  /// An `a{sv}` as properties, their values out of their variants.
  private static func properties(_ value: Value) -> [String: Value]? {
    guard case .dictionary(_, _, let entries) = value else { return nil }
    var result: [String: Value] = [:]
    for entry in entries {
      guard let name = entry.key.stringValue else { return nil }
      result[name] = entry.value.unwrappingVariants
    }
    return result
  }
}
