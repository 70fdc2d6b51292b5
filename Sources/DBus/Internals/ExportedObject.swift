/// One interface exported at one path, with the vtable sd-bus serves it from.
///
/// The trampolines find it through the vtable's userdata; it lives in ``BusState`` as long as
/// it is exported, so that pointer stays valid while sd-bus can call it.
final class ExportedObject {
  let id: UInt64
  let path: ObjectPath
  let interface: Interface
  let methods: [String: Interface.Method]
  let properties: [String: Interface.Property]
  let vtable: VTable
  /// The connection, for answering method calls.
  let loop: BusLoop
  /// Set when the export is cancelled: no new call is answered from then on.
  let withdrawal: ExportWithdrawal
  /// The sd-bus slot of the registration; `nil` while disconnected.
  var slot: SlotHandle?

  init(id: UInt64, path: ObjectPath, interface: Interface, loop: BusLoop, withdrawal: ExportWithdrawal) {
    self.id = id
    self.path = path
    self.interface = interface
    self.loop = loop
    self.withdrawal = withdrawal
    methods = Dictionary(interface.methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    properties = Dictionary(
      interface.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    vtable = VTable(interface)
  }
}
