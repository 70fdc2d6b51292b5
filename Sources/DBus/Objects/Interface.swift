/// A D-Bus interface to export: its name, methods, properties and signals.
///
/// sd-bus serves it from a vtable: it checks call signatures (answering InvalidArgs), and
/// implements `org.freedesktop.DBus.Introspectable`, `org.freedesktop.DBus.Properties`
/// (Get, GetAll, Set) and `org.freedesktop.DBus.Peer` for the object.
package struct Interface: Sendable {
  /// The interface name, such as `org.mpris.MediaPlayer2.Player`.
  package var name: String
  /// The methods callers may call.
  package var methods: [Method]
  /// The properties callers may get (and set, when writable).
  package var properties: [Property]
  /// The signals the interface declares.
  package var signals: [Signal]

  /// Creates an interface description.
  package init(
    name: String, methods: [Method] = [], properties: [Property] = [], signals: [Signal] = []
  ) {
    self.name = name
    self.methods = methods
    self.properties = properties
    self.signals = signals
  }

  // MARK: - Validation

  /// Throws unless every name, signature and argument-name list is well formed and no member is
  /// declared twice.
  func validate() throws(BusError) {
    try NameRules.checkInterfaceName(name)
    var seen: Set<String> = []
    for method in methods {
      try NameRules.checkMemberName(method.name)
      try Interface.checkNames(method.inNames, for: method.inSignature, member: method.name)
      try Interface.checkNames(method.outNames, for: method.outSignature, member: method.name)
      guard seen.insert("m" + method.name).inserted else {
        throw .invalidArgs("method \(method.name) is declared twice in \(name)")
      }
    }
    for property in properties {
      try NameRules.checkMemberName(property.name)
      guard property.signature.isSingleCompleteType else {
        throw .invalidArgs(
          "property \(property.name) has signature \"\(property.signature)\": it must be one complete type")
      }
      guard seen.insert("p" + property.name).inserted else {
        throw .invalidArgs("property \(property.name) is declared twice in \(name)")
      }
    }
    for signal in signals {
      try NameRules.checkMemberName(signal.name)
      try Interface.checkNames(signal.argumentNames, for: signal.signature, member: signal.name)
      guard seen.insert("s" + signal.name).inserted else {
        throw .invalidArgs("signal \(signal.name) is declared twice in \(name)")
      }
    }
  }

  private static func checkNames(_ names: [String], for signature: Signature, member: String)
    throws(BusError)
  {
    let count = signature.completeTypes.count
    guard names.isEmpty || names.count == count else {
      throw .invalidArgs(
        "\(member) names \(names.count) arguments but its signature \"\(signature)\" has \(count)")
    }
    for name in names where name.isEmpty || name.utf8.contains(0) {
      throw .invalidArgs("\(member) has an empty argument name")
    }
  }
}
