import DBus
import HubCore

/// The names of the Desktop Notifications Specification (version 1.2) that the hub uses: the
/// notification server's bus name, object and interface, its `Notify` method and the hints the
/// hub sends.
///
/// The specification defines no category for music (its categories are `device`, `email`, `im`,
/// `network`, `presence` and `transfer`, with their subtypes), so the hub sends none rather than
/// a vendor's `x-gnome.music`.
enum DesktopNotifications {
  /// `org.freedesktop.Notifications`: the name the notification server owns on the session bus.
  package static let busName: BusName = "org.freedesktop.Notifications"
  /// `/org/freedesktop/Notifications`: the server's object.
  package static let path: ObjectPath = "/org/freedesktop/Notifications"
  /// `org.freedesktop.Notifications`: the server's interface.
  package static let interface = "org.freedesktop.Notifications"

  /// `Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as, hints a{sv},
  /// expire_timeout i) → id u`: shows a notification, or replaces the one `replaces_id` names
  /// (0 for none); the reply is its id.
  package static let notify = "Notify"

  /// `expire_timeout` -1: the server decides how long the notification shows.
  static let serverDefaultTimeout: Int32 = -1

  /// The standard hints the hub sends (the specification's "Hints").
  enum Hint {
    /// `image-path` (`s`): the notification's image, a `file://` URI or an icon theme's name; it
    /// comes before `app_icon`.
    static let imagePath = "image-path"
    /// `desktop-entry` (`s`): the desktop file of the program that the notification is about,
    /// without `.desktop`.
    static let desktopEntry = "desktop-entry"
    /// `transient` (`b`): the server shows the notification but keeps it out of its history.
    static let transient = "transient"
    /// `suppress-sound` (`b`): the server plays no sound for it: music plays already.
    static let suppressSound = "suppress-sound"
  }
}
