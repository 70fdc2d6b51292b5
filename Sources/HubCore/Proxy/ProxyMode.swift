/// When the hub publishes MPRIS names of its own (the proxy player's and playerctld's), and which.
///
/// A desktop shell that shows every MPRIS player and routes the media keys itself (GNOME Shell,
/// KDE Plasma) would show the proxy as one more card for the same player, and a phone link or a
/// bar that lists every player would list the Now Playing app twice; so by default the hub
/// publishes only the names such a program leaves out, and keeps arbitrating for `remotectl`, the
/// web remote and the bridge.
package enum ProxyMode: String, Sendable, Hashable, CaseIterable {
  /// Follow the programs that list every player (``ShellWatcher/shells``) coming and going: none
  /// of the hub's names while a shell or a phone link that lists playerctld's name runs, the proxy
  /// under playerctld's name alone while KDE Connect runs, both names while none runs.
  case auto
  /// Always publish both names.
  case on
  /// Publish the proxy under playerctld's name alone, while the hub holds it: for the bars and
  /// remotes that list every player but `org.mpris.MediaPlayer2.playerctld`, which the hub cannot
  /// see on the bus.
  case playerctld
  /// Never publish.
  case off
}
