/// How an application appears as an MPRIS media player: its bus name, its identity, what it
/// can open, and which bus it is on.
///
/// The properties are those of the `org.mpris.MediaPlayer2` interface, plus the name and bus.
public struct MediaPlayerConfiguration: Sendable, Hashable {
  /// Which message bus the player is on.
  public enum Bus: Sendable, Hashable {
    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`), where MPRIS controllers look.
    case session
    /// A bus at a D-Bus address, such as `unix:path=/tmp/bus`.
    case address(String)
  }

  /// The player's name: the bus name is `org.mpris.MediaPlayer2.<playerName>`, or
  /// `org.mpris.MediaPlayer2.<playerName>.instance<n>` when another connection has that name.
  /// It must be a valid bus-name element: `[A-Za-z0-9_-]`, not starting with a digit.
  public var playerName: String
  /// A friendly name for users, such as "Binaural". MPRIS: `org.mpris.MediaPlayer2.Identity`.
  public var identity: String
  /// The basename of the app's `.desktop` file without `.desktop`, if it has one.
  /// MPRIS: `org.mpris.MediaPlayer2.DesktopEntry` (left out when `nil`).
  public var desktopEntry: String?
  /// The URI schemes `OpenUri` accepts, lower-case, such as `file`.
  /// MPRIS: `org.mpris.MediaPlayer2.SupportedUriSchemes`.
  public var supportedURISchemes: [String]
  /// The MIME types `OpenUri` accepts, such as `audio/mpeg`.
  /// MPRIS: `org.mpris.MediaPlayer2.SupportedMimeTypes`.
  public var supportedMIMETypes: [String]
  /// Whether controllers may control the player at all. When `false`, every `Can*` of the
  /// Player interface is `false` and the methods do nothing.
  /// MPRIS: `org.mpris.MediaPlayer2.Player.CanControl` (it never changes while the player runs).
  public var canControl: Bool
  /// Which bus to use. Default: the session bus.
  public var bus: Bus
  /// How far a reported position may be from the extrapolation of the previous report before it
  /// counts as a jump, announced with `org.mpris.MediaPlayer2.Player.Seeked`. Default: 100 ms.
  public var seekTolerance: Duration
  /// The `<n>` of the instance name `org.mpris.MediaPlayer2.<playerName>.instance<n>`, used when
  /// the name is taken; `nil` for the process ID, as the MPRIS spec suggests. A process that
  /// runs several players with one name gives each its own number.
  public var instanceNumber: Int32?

  /// Creates a configuration.
  public init(
    playerName: String,
    identity: String,
    desktopEntry: String? = nil,
    supportedURISchemes: [String] = [],
    supportedMIMETypes: [String] = [],
    canControl: Bool = true,
    bus: Bus = .session,
    seekTolerance: Duration = .milliseconds(100),
    instanceNumber: Int32? = nil
  ) {
    self.playerName = playerName
    self.identity = identity
    self.desktopEntry = desktopEntry
    self.supportedURISchemes = supportedURISchemes
    self.supportedMIMETypes = supportedMIMETypes
    self.canControl = canControl
    self.bus = bus
    self.seekTolerance = seekTolerance
    self.instanceNumber = instanceNumber
  }

  /// `org.mpris.MediaPlayer2.<playerName>`.
  public var busName: String { MediaPlayerBusName.prefix + playerName }

  /// `org.mpris.MediaPlayer2.<playerName>.instance<pid>`: the name used when ``busName`` is taken.
  public func instanceBusName(processID: Int32) -> String { "\(busName).instance\(processID)" }
}
