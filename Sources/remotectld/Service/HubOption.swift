import ArgumentParser
import WebRemote

/// One of remotectld's options that the configuration file may set too: its flag, its key in
/// `remotectld.conf`, the values it takes, its default and its help, spelled here once.
///
/// ``RemotectldCommand``'s flags take their names and help from these rows (swift-argument-parser
/// still parses them), ``ConfigurationFile`` parses a key only through its row and refuses one
/// that no row has, and the resolved configuration takes each default from its row. A key cannot
/// be routed to another option's setting, because each row says which setting it writes.
struct HubOption: Sendable {
  /// The long flag without its dashes (`exclusive` is `--exclusive`, `--no-exclusive`).
  let flag: String
  /// The key in the configuration file.
  let key: String
  /// What the file accepts, as the help shows it: `yes|no`, `auto|on|off`.
  let values: String
  /// The default, as the help says it; `nil` when the help says none.
  let defaultValue: String?
  /// What the option does, one sentence without its default.
  let summary: String
  /// The placeholder of an option that takes a value; `nil` for a yes/no flag.
  let valueName: String?
  /// Reads `value` into its setting of `file`.
  ///
  /// - Throws: ``HubError`` saying why the value is wrong, without the file's place.
  let read: @Sendable (_ value: String, _ file: inout ConfigurationFile) throws(HubError) -> Void

  /// Whether a yes/no option is on unless told otherwise.
  var isOnByDefault: Bool {
    defaultValue == "on"
  }

  /// The help that `remotectld --help` shows: the summary and the default.
  var help: ArgumentHelp {
    ArgumentHelp(defaultValue.map { "\(summary) (default: \($0))." } ?? "\(summary).", valueName: valueName)
  }

  /// A yes/no option written `--flag`/`--no-flag` and `key = yes|no`, setting `setting`.
  static func yesNo(
    _ flag: String, default isOn: Bool, _ summary: String,
    setting: any WritableKeyPath<ConfigurationFile, Bool?> & Sendable
  ) -> HubOption {
    HubOption(
      flag: flag, key: flag, values: "yes|no", defaultValue: isOn ? "on" : "off", summary: summary,
      valueName: nil
    ) { value, file throws(HubError) in
      guard let isOn = yesNoWords[value] else {
        throw HubError("\(flag) must be yes or no, not \"\(value)\"")
      }
      file[keyPath: setting] = isOn
    }
  }

  /// The words a yes/no key accepts, and what each says.
  static let yesNoWords = ["yes": true, "on": true, "true": true, "no": false, "off": false, "false": false]

  // MARK: - The table

  /// `--proxy`, `proxy =`: when to publish the proxy player and playerctld's name.
  static let proxy = HubOption(
    flag: "proxy", key: "proxy", values: "auto|on|off", defaultValue: "auto",
    summary: "When to publish the proxy player and playerctld's name: auto (unless GNOME Shell or KDE "
      + "Plasma shows every player), on or off",
    valueName: "mode"
  ) { value, file throws(HubError) in
    guard let mode = ProxyMode(rawValue: value) else {
      throw HubError("proxy must be auto, on or off, not \"\(value)\"")
    }
    file.proxy = mode
  }

  /// `--interrupt-on-calls`, `interrupt-on-calls =`.
  static let interruptOnCalls = yesNo(
    "interrupt-on-calls", default: true,
    "Pause the playing players while a call plays, and resume them after", setting: \.interruptsOnCalls)

  /// `--pause-on-route-loss`, `pause-on-route-loss =`.
  static let pauseOnRouteLoss = yesNo(
    "pause-on-route-loss", default: true,
    "Pause the players whose output goes away: headphones unplugged, a headset gone",
    setting: \.pausesOnRouteLoss)

  /// `--call-roles`, `call-roles =`: the `media.role` values that are calls.
  static let callRoles = HubOption(
    flag: "call-roles", key: "call-roles", values: "phone,communication", defaultValue: "phone,communication",
    summary: "The media.role values of the streams that are calls, comma-separated", valueName: "roles"
  ) { value, file throws(HubError) in
    let roles = AudioSessionOptions.roles(in: value)
    guard !roles.isEmpty else {
      throw HubError(
        "call-roles must name at least one media.role, such as phone,communication "
          + "(to let calls pause nothing, set interrupt-on-calls = no)")
    }
    file.callRoles = roles
  }

  /// `--pause-for-sleep`, `pause-for-sleep =`.
  static let pauseForSleep = yesNo(
    "pause-for-sleep", default: true,
    "Hold off the system's sleep while a player plays, and pause the players before it",
    setting: \.pausesForSleep)

  /// `--exclusive`, `exclusive =`.
  static let exclusive = yesNo(
    "exclusive", default: false, "Play one player at a time: the one that starts pauses the one playing",
    setting: \.isExclusive)

  /// `--relaunch`, `relaunch =`.
  static let relaunch = yesNo(
    "relaunch", default: true, "Start the last Now Playing app when play reaches the hub with no player",
    setting: \.relaunches)

  /// `--lan`, `lan =`: a flag without `--no-lan`.
  static let lan = yesNo(
    "lan", default: false,
    "Serve the web remote on the LAN address too, not only on loopback, and log its URL",
    setting: \.lan)

  /// `--public-origin`, `public-origin =`.
  static let publicOrigin = HubOption(
    flag: "public-origin", key: "public-origin", values: "https://name", defaultValue: nil,
    summary: "The HTTPS origin a reverse proxy (Caddy, nginx, tailscale serve) serves the web remote at, "
      + "passing requests to the loopback listener: the Host and Origin checks accept it",
    valueName: "https://name"
  ) { value, file throws(HubError) in
    do throws(APIError) {
      file.publicOrigin = try PublicOrigin(value)
    } catch {
      throw HubError(error.message)
    }
  }

  /// Every option the configuration file may set, in the order the help lists them.
  static let all = [
    proxy, interruptOnCalls, pauseOnRouteLoss, callRoles, pauseForSleep, exclusive, relaunch, lan,
    publicOrigin,
  ]

  /// The row of `key`, if the file may set it.
  static func option(key: String) -> HubOption? {
    all.first { $0.key == key }
  }

  /// The keys the file may set, comma-separated, for an error about an unknown key.
  static var keyList: String {
    all.map { $0.key }.joined(separator: ", ")
  }

  /// The keys and their values as the help's discussion lists them: `proxy = auto|on|off, …`.
  static var fileSummary: String {
    all.map { "\($0.key) = \($0.values)" }.joined(separator: ", ")
  }
}
