import DBus
import RemoteControlMPRIS

/// The name the proxy player is reached by.
enum ProxyNames {
  /// The proxy player's bus name, the MPRIS player controllers reach for "whatever is Now
  /// Playing".
  package static let busName = MediaPlayerBusName.named("remotectld")
}
