import ArgumentParser

/// When the hub publishes MPRIS names of its own: the proxy player's and playerctld's.
///
/// A desktop shell that shows every MPRIS player and routes the media keys itself (GNOME Shell,
/// KDE Plasma) would show the proxy as one more card for the same player, so by default the hub
/// publishes none while such a shell runs, and keeps arbitrating for `remotectl`, the web remote
/// and the bridge.
package enum ProxyMode: String, Sendable, Hashable, CaseIterable, ExpressibleByArgument {
  /// Publish unless a shell that shows every player runs; follow it coming and going.
  case auto
  /// Always publish.
  case on
  /// Never publish.
  case off
}
