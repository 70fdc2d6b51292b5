import Glibc
import HubCore

/// The machine's address on the local network, for `--lan`.
enum LANAddress {
  /// The first IPv4 address of an interface that is up, not loopback; `nil` when there is none.
  static func find() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return nil }
    defer { freeifaddrs(list) }
    var cursor: UnsafeMutablePointer<ifaddrs>? = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      let flags = Int32(entry.pointee.ifa_flags)
      // The family is the first member of every sockaddr, read from its bytes: since remotectld
      // links SwiftNIO's C module, which declares sockaddr again, the member would need it imported.
      guard let address = entry.pointee.ifa_addr,
        UnsafeRawPointer(address).load(as: sa_family_t.self) == sa_family_t(AF_INET),
        flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      guard
        getnameinfo(
          address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
          NI_NUMERICHOST)
          == 0
      else { continue }
      return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return nil
  }

  /// The machine's host name, for the `Host` names allowed on the LAN.
  static func hostName() -> String? {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count) == 0 else { return nil }
    let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.isEmpty ? nil : text
  }
}
