import ArgumentParser
import HubAudioSession
import HubBridge
import HubCore
import HubWebRemote
import WebRemote

/// One of remotectld's options: its flag, its key in `remotectld.conf` if the file may set it,
/// the values it takes, its default and its help, spelled here once.
///
/// ``RemotectldCommand``'s and ``BridgeOptions``' flags take their names and help from these rows
/// (swift-argument-parser still parses them, and prints no default of its own: a flag with a
/// default is optional, resolved to its row's default), ``ConfigurationFile`` parses a key only
/// through its row and refuses one that no row has, and the resolved configuration takes each
/// default from its row. A key cannot be routed to another option's setting, because each row
/// says which setting it writes.
struct HubOption: Sendable {
  /// The long flag without its dashes (`exclusive` is `--exclusive`, `--no-exclusive`).
  let flag: String
  /// The one-letter flag, if there is one (`i` is `-i`).
  var short: Character? = nil
  /// The key in the configuration file; `nil` for an option only the command line gives.
  var key: String? = nil
  /// What the option accepts, as the help shows it: `yes|no`, `auto|on|off`.
  let values: String
  /// The default, as the help says it; `nil` when the help says none.
  let defaultValue: String?
  /// What the option does, one sentence without its default.
  let summary: String
  /// The placeholder of an option that takes a value; `nil` for a yes/no flag.
  let valueName: String?
  /// Reads `value` into its setting of `file`; `nil` for an option the file cannot set.
  ///
  /// - Throws: ``HubError`` saying why the value is wrong, without the file's place.
  var read: (@Sendable (_ value: String, _ file: inout ConfigurationFile) throws(HubError) -> Void)? = nil

  /// Whether a yes/no option is on unless told otherwise.
  var isOnByDefault: Bool {
    defaultValue == "on"
  }

  /// The help that `remotectld --help` shows: the summary and the default.
  var help: ArgumentHelp {
    ArgumentHelp(defaultValue.map { "\(summary) (default: \($0))." } ?? "\(summary).", valueName: valueName)
  }

  /// The long flag as written, `--flag`, for messages about it.
  var longFlag: String {
    "--\(flag)"
  }

  /// The names swift-argument-parser parses: `--flag`, and `-s` when the row has a short one.
  var name: NameSpecification {
    short.map { [.customShort($0), .customLong(flag)] } ?? [.customLong(flag)]
  }

  /// A yes/no option written `--flag`/`--no-flag` and `key = yes|no`, setting `setting`.
  static func yesNo(
    _ flag: String, default isOn: Bool, _ summary: String,
    setting: any WritableKeyPath<ConfigurationFile, Bool?> & Sendable
  ) -> HubOption {
    HubOption(
      flag: flag, key: flag, values: "yes|no", defaultValue: isOn ? "on" : "off", summary: summary,
      valueName: nil
    ) { (value: String, file: inout ConfigurationFile) throws(HubError) in
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
    flag: "proxy", key: "proxy", values: "auto|on|playerctld|off", defaultValue: "auto",
    summary: "When to publish the proxy player and playerctld's name: auto (none while GNOME Shell, KDE "
      + "Plasma, GSConnect or Valent lists every player, playerctld's alone while KDE Connect does), on, "
      + "playerctld (the proxy under playerctld's name alone) or off",
    valueName: "mode"
  ) { (value: String, file: inout ConfigurationFile) throws(HubError) in
    guard let mode = ProxyMode(rawValue: value) else {
      throw HubError("proxy must be auto, on, playerctld or off, not \"\(value)\"")
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
  ) { (value: String, file: inout ConfigurationFile) throws(HubError) in
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

  /// `--notify`, `notify =`.
  static let notify = yesNo(
    "notify", default: false,
    "Show a desktop notification (org.freedesktop.Notifications) for each new track the Now Playing "
      + "player plays",
    setting: \.notifies)

  /// `--public-origin`, `public-origin =`.
  static let publicOrigin = HubOption(
    flag: "public-origin", key: "public-origin", values: "https://name", defaultValue: nil,
    summary: "The HTTPS origin a reverse proxy (Caddy, nginx, tailscale serve) serves the web remote at, "
      + "passing requests to the loopback listener: the Host and Origin checks accept it",
    valueName: "https://name"
  ) { (value: String, file: inout ConfigurationFile) throws(HubError) in
    do throws(APIError) {
      file.publicOrigin = try PublicOrigin(value)
    } catch {
      throw HubError(error.message)
    }
  }

  // MARK: - Options only the command line gives

  /// `-i`, `--ignore-player`: a player the hub leaves out; repeated or comma-separated.
  static let ignorePlayer = HubOption(
    flag: "ignore-player", short: "i", values: "name,…", defaultValue: nil,
    summary: "A player to leave out, by name (vlc) or bus name; repeat it or separate names with commas",
    valueName: "name")

  /// `--playerctld`, `--no-playerctld`: whether to stand in for playerctld.
  static let playerctld = HubOption(
    flag: "playerctld", values: "yes|no", defaultValue: "on",
    summary: "Answer playerctld's interface under its bus name while playerctld is not running",
    valueName: nil)

  /// `--config`: the configuration file to read instead of the usual one.
  static let config = HubOption(
    flag: "config", values: "path", defaultValue: "$XDG_CONFIG_HOME/remotectld/remotectld.conf",
    summary: "The configuration file", valueName: "path")

  /// `--bus-address`: a bus to serve instead of the session bus.
  static let busAddress = HubOption(
    flag: "bus-address", values: "address", defaultValue: nil,
    summary: "A D-Bus address to use instead of the session bus, such as unix:path=/tmp/bus",
    valueName: "address")

  /// `--http-port`: the web remote's port.
  static let httpPort = HubOption(
    flag: "http-port", values: "0-65535", defaultValue: String(HTTPOptions.defaultPort),
    summary: "The web remote's port on 127.0.0.1 (and on the LAN with --lan); 0 picks a free port",
    valueName: "port")

  /// `--no-http`: a flag without `--http`.
  static let noHTTP = HubOption(
    flag: "no-http", values: "", defaultValue: nil, summary: "Serve no web remote at all", valueName: nil)

  /// `--log-level`: the least level logged, one of swift-log's `Logger.Level` names.
  static let logLevel = HubOption(
    flag: "log-level", values: "trace|debug|info|notice|warning|error|critical", defaultValue: "info",
    summary: "How much to log: trace, debug, info, notice, warning, error or critical", valueName: "level")

  /// `--bridge`, `--no-bridge`: whether to serve the bridge.
  static let bridge = HubOption(
    flag: "bridge", values: "yes|no", defaultValue: "on",
    summary: "Let web pages and programs publish players over a WebSocket, on the unix socket "
      + "$XDG_RUNTIME_DIR/remotectld/bridge.sock and loopback TCP",
    valueName: nil)

  /// `--bridge-origin`: a web origin allowed to use the bridge; repeated.
  static let bridgeOrigin = HubOption(
    flag: "bridge-origin", values: "origin", defaultValue: nil,
    summary: "A web origin whose pages may use the bridge, such as https://music.example; repeat it. "
      + "More come from $XDG_CONFIG_HOME/remotectld/bridge-origins, one a line",
    valueName: "origin")

  /// `--bridge-port`: the bridge's loopback TCP port.
  static let bridgePort = HubOption(
    flag: "bridge-port", values: "0-65535", defaultValue: String(BridgeOptions.defaultPort),
    summary: "The loopback TCP port of the bridge, apart from the web remote's (its WebSockets carry "
      + "bigger frames and a faster heartbeat), its URL written to "
      + "$XDG_RUNTIME_DIR/remotectld/bridge-endpoint; 0 picks a free port",
    valueName: "port")

  /// `--bridge-heartbeat`: seconds between the bridge's pings.
  static let bridgeHeartbeat = HubOption(
    flag: "bridge-heartbeat", values: "0.1-3600", defaultValue: String(BridgeOptions.defaultHeartbeat),
    summary: "Seconds between the pings that tell a bridge client is alive; a client that misses one is "
      + "dropped and its players leave the bus",
    valueName: "seconds")

  // MARK: - Lists

  /// Every option the configuration file may set, in the order the file's summary lists them.
  static let fileOptions = [
    proxy, interruptOnCalls, pauseOnRouteLoss, callRoles, pauseForSleep, exclusive, relaunch, notify,
    lan, publicOrigin,
  ]

  /// Every option remotectld takes, in the order the help lists them, the bridge's first.
  static let all = [
    bridge, bridgeOrigin, bridgePort, bridgeHeartbeat, ignorePlayer, playerctld, proxy, interruptOnCalls,
    pauseOnRouteLoss, pauseForSleep, exclusive, relaunch, notify, callRoles, config, busAddress, httpPort,
    lan, publicOrigin, noHTTP, logLevel,
  ]

  /// The row of `key`, if the file may set it.
  static func option(key: String) -> HubOption? {
    fileOptions.first { $0.key == key }
  }

  /// The keys the file may set, comma-separated, for an error about an unknown key.
  static var keyList: String {
    fileOptions.compactMap(\.key).joined(separator: ", ")
  }

  /// The keys and their values as the help's discussion lists them: `proxy = auto|on|off, …`.
  static var fileSummary: String {
    fileOptions.compactMap { option in option.key.map { "\($0) = \(option.values)" } }.joined(separator: ", ")
  }
}
