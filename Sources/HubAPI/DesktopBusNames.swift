package import DBus

/// The bus names of the desktop programs that list every MPRIS player themselves: the shells,
/// whose media keys pick a player by their own rules, and the phone links, which send a phone
/// their list. The hub watches them to decide what it publishes, and `remotectl doctor` to say
/// what a list shows; declared once for both, as ``Playerctld`` declares playerctld's.
package enum DesktopBusNames {
  /// GNOME Shell.
  package static let gnomeShell: BusName = "org.gnome.Shell"
  /// KDE Plasma's shell.
  package static let plasmaShell: BusName = "org.kde.plasmashell"
  /// GSConnect, GNOME Shell's KDE Connect extension.
  package static let gsConnect: BusName = "org.gnome.Shell.Extensions.GSConnect"
  /// Valent.
  package static let valent: BusName = "ca.andyholmes.Valent"
  /// KDE Connect's daemon.
  package static let kdeConnect: BusName = "org.kde.kdeconnect"
}
