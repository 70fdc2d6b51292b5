/// An exported interface's place: its object path and interface name.
struct ExportKey: Hashable, Sendable {
  var path: ObjectPath
  var interface: String
}
