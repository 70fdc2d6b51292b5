/// Which bus a ``Connection`` talks to.
package enum BusAddress: Sendable, Hashable {
  /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
  case session
  /// The system bus.
  case system
  /// A bus at an explicit D-Bus address, such as `unix:path=/run/user/1000/bus`.
  case address(String)

  /// `text` (one D-Bus address, or several separated by `;`) without the `guid=` key, which
  /// makes sd-bus refuse any daemon but the one with that server id.
  static func removingGUID(from text: String) -> String {
    text.split(separator: ";", omittingEmptySubsequences: false).map { address in
      guard let colon = address.firstIndex(of: ":") else { return String(address) }
      let keys = address[address.index(after: colon)...].split(
        separator: ",", omittingEmptySubsequences: false)
      return address[...colon] + keys.filter { !$0.hasPrefix("guid=") }.joined(separator: ",")
    }.joined(separator: ";")
  }
}
