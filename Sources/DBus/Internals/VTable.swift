import CSystemd
import Glibc

/// The `sd_bus_vtable` array for one interface, and the C strings it points to.
///
/// Built with the shim's `csd_vtable_*` functions (the `SD_BUS_*` macros), in zero-filled memory
/// as sd-bus asks. It is freed when the exported object goes away.
///
/// Methods and setters are marked unprivileged: who may call is the bus's policy. Otherwise sd-bus,
/// on a connection it does not trust (the system bus, a bus given by address), asks the bus for
/// each caller's credentials before the call, a round trip on the connection's thread, and
/// refuses a caller of another user without CAP_SYS_ADMIN, such as bluetoothd calling a player the
/// hub registered with BlueZ, or a caller already gone when the answer comes (one that expects no
/// reply).
final class VTable {
  /// The first entry; sd-bus reads up to the END entry.
  let entries: UnsafeMutablePointer<sd_bus_vtable>
  private let count: Int
  private var strings: [UnsafeMutablePointer<CChar>] = []

  init(_ interface: Interface) {
    count = interface.methods.count + interface.properties.count + interface.signals.count + 2
    entries = .allocate(capacity: count)
    UnsafeMutableRawPointer(entries).initializeMemory(
      as: UInt8.self, repeating: 0, count: count * MemoryLayout<sd_bus_vtable>.stride)
    var index = 0
    func add(_ entry: sd_bus_vtable) {
      entries[index] = entry
      index += 1
    }
    add(csd_vtable_start(0))
    for method in interface.methods {
      let names = method.inNames + method.outNames
      if names.isEmpty {
        add(
          csd_vtable_method_unnamed(
            keep(method.name), keep(method.inSignature.rawValue),
            keep(method.outSignature.rawValue), Trampolines.method, csd_vtable_unprivileged))
      } else {
        add(
          csd_vtable_method(
            keep(method.name), keep(method.inSignature.rawValue),
            keep(method.outSignature.rawValue), keepNameList(names), Trampolines.method,
            csd_vtable_unprivileged))
      }
    }
    for property in interface.properties {
      let flags: UInt64 =
        switch property.change {
        case .emitsChange: csd_vtable_property_emits_change
        case .invalidates: csd_vtable_property_emits_invalidation
        case .const: csd_vtable_property_const
        case .none: 0
        }
      if property.setter != nil {
        add(
          csd_vtable_writable_property(
            keep(property.name), keep(property.signature.rawValue), Trampolines.getter,
            Trampolines.setter, flags | csd_vtable_unprivileged))
      } else {
        add(
          csd_vtable_property(
            keep(property.name), keep(property.signature.rawValue), Trampolines.getter, flags))
      }
    }
    for signal in interface.signals {
      add(
        csd_vtable_signal(
          keep(signal.name), keep(signal.signature.rawValue),
          keepNameList(signal.argumentNames), 0))
    }
    add(csd_vtable_end())
  }

  /// A C copy of `string` that lives as long as the vtable.
  private func keep(_ string: String) -> UnsafeMutablePointer<CChar> {
    keepBytes(Array(string.utf8) + [0])
  }

  /// `names` as sd-bus's name list: each NUL-terminated, then one more NUL.
  private func keepNameList(_ names: [String]) -> UnsafeMutablePointer<CChar> {
    keepBytes(names.flatMap { Array($0.utf8) + [0] } + [0])
  }

  private func keepBytes(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
    guard let memory = malloc(bytes.count) else {
      preconditionFailure("out of memory building a D-Bus vtable")
    }
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { _ = memcpy(memory, base, bytes.count) }
    }
    let copy = memory.assumingMemoryBound(to: CChar.self)
    strings.append(copy)
    return copy
  }

  deinit {
    entries.deallocate()
    for string in strings { free(string) }
  }
}
