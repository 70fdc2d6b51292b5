import ArgumentParser
import DBus
import FoundationEssentials
import HubAPI
import HubAudioSession
import HubBridge
import HubCore
import HubRelaunch
import HubWebRemote
import Logging
import NowPlayingArbiter
import RemoteControl
import ServiceLifecycle
import UnixSignals
import WebRemote

/// `remotectld`: the Now Playing hub of the user's session bus.
@main
struct RemotectldCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remotectld",
    abstract: "The Now Playing hub: decides which MPRIS player media keys and controllers reach.",
    discussion: """
      It watches the MPRIS players on the session bus and keeps them in activity order. The active \
      player is the one that last started playing; it stays active while paused, so the same key \
      resumes it. A new idle player does not take over, pausing is not activity, and a playing \
      player wins over a paused one. Shift, unshift and select pin a player until it goes away or \
      another starts playing.

      Controllers read the order and the active player, and shift, unshift or select, on \
      \(HubAddress.busName) at \(HubAddress.path), interface \(Hub1.interface); it announces every \
      change with NowPlayingChanged. While playerctld is not running the hub also answers \
      playerctld's interface under org.mpris.MediaPlayer2.playerctld, so `playerctl` and scripts \
      written for playerctld follow the same order.

      Where no desktop shell shows every player, it is also one MPRIS player, \
      org.mpris.MediaPlayer2.remotectld (and, while it holds it, org.mpris.MediaPlayer2.playerctld), \
      that is whichever player is Now Playing, for the bars and widgets that show one player. Under \
      GNOME Shell or KDE Plasma, which show every player and route the media keys themselves, it \
      publishes no proxy player (--proxy auto, the default), so each player is one card; under GNOME \
      Shell and Plasma the media keys reach the Now Playing player as org.mpris.MediaPlayer2.playerctld \
      (as org.mpris.MediaPlayer2.playerctld.remotectld while playerctld itself runs), which says Playing \
      so that the keys' pick keeps it, and CanPlay false so that the shell shows no card for it; \
      playerctl -l, a bar and KDE Connect list the apps alone (reach it as playerctl -p playerctld). No proxy player either while GSConnect or Valent runs, and while KDE \
      Connect runs only playerctld's name, \
      which it leaves out of its list. --proxy on, playerctld (that name alone, for bars that list \
      every player but it) or off decides instead. The proxy player: calls, property \
      writes and the active player's signals are forwarded, TrackList, Playlists and any other \
      interface the active player serves included, at \(HubAddress.path) and at its child objects \
      (such as \(HubAddress.path)/RemoteControl); a switch is announced with the values that \
      changed and a Seeked. Changes of an interface other than MPRIS's at \(HubAddress.path) are \
      not announced (playerctld aborts on them); they are read again instead. With no player, \
      calls fail with \(Hub1.ErrorName.noPlayer).

      It serves the web remote: any browser becomes a lock screen for the hub's players, at \
      http://127.0.0.1:\(HTTPOptions.defaultPort)/ (loopback only unless --lan; --http-port 0 picks \
      a free port; the URLs are logged; --public-origin https://name when a reverse proxy serves \
      it over HTTPS). A browser pairs once, through the URL `remotectl pair` prints, whose \
      fragment holds a device key the browser keeps and never sends: it signs every request, \
      upgrade and WebSocket message with it, each good once and for 30 s. `remotectl devices` \
      lists and revokes devices; their keys live in $XDG_STATE_HOME/remotectld/devices.json \
      (mode 0600). Every request checks the signature, the Host header and, for a WebSocket, the \
      Origin. docs/web-remote-api.md describes the API and its threat model.

      It is the bridge: web pages, web views and programs publish players over a WebSocket at \
      /bridge, on the unix socket $XDG_RUNTIME_DIR/remotectld/bridge.sock and on \
      ws://127.0.0.1:\(BridgeOptions.defaultPort)/bridge, and each becomes an MPRIS player \
      org.mpris.MediaPlayer2.<appId>. Programs authenticate with the token in \
      $XDG_RUNTIME_DIR/remotectld/bridge-token; browsers only from the origins --bridge-origin \
      allows. It serves the JavaScript clients remote-control.js and cordova-remote-controls.js \
      under /bridge/. docs/bridge-protocol.md describes the protocol.

      Options can also be set in $XDG_CONFIG_HOME/remotectld/remotectld.conf (one `key = value` a \
      line: \(HubOption.fileSummary)); the command line wins. A hub started by D-Bus \
      activation reads them there too. This file and bridge-origins are read when remotectld \
      starts: restart it after editing them.

      It is the audio session's arbiter for every player, as iOS is for every app: while a call \
      plays on the sound server (a stream whose media.role is one of --call-roles), or between \
      `remotectl interrupt begin` and `end`, the playing players are paused (players built with \
      this package are interrupted and decide themselves), and its end resumes those nobody \
      touched since; a player whose output goes away is paused, and a device arriving starts \
      nothing. Players are matched to streams by their process, the processes it started, or \
      their Flatpak app. While a player plays, it holds off \
      the system's sleep with a logind delay inhibitor, pauses the playing players when logind \
      announces the sleep, and starts nothing on the wake. With --exclusive, one player plays at \
      a time: the one that starts pauses the one that played (the last to say it plays wins).

      As iOS's lock screen and headset do, a play or play-pause that reaches the hub with no \
      player on the bus starts the last Now Playing app (through D-Bus activation of its MPRIS \
      name, else its desktop file) and plays it once it is back; the hub remembers that app in \
      $XDG_STATE_HOME/remotectld/last-now-playing.json. --no-relaunch turns this off.

      It stops on SIGINT or SIGTERM, releasing its names and removing the bridge's files, and logs \
      on standard error. A listener that cannot serve (its port taken) is logged and shown by \
      `remotectl doctor`, and the hub goes on without it.
      """,
    version: PackageVersion.current)

  // Each flag's name and help are its row of HubOption's table; one with a default is optional,
  // resolved to its row's default, so that swift-argument-parser does not print the default the
  // row's help already says.

  @Option(name: HubOption.ignorePlayer.name, parsing: .singleValue, help: HubOption.ignorePlayer.help)
  var ignored: [String] = []

  @Flag(name: HubOption.playerctld.name, inversion: .prefixedNo, help: HubOption.playerctld.help)
  var playerctld: Bool?

  @Option(name: HubOption.proxy.name, help: HubOption.proxy.help)
  var proxy: ProxyMode?

  @Flag(name: HubOption.interruptOnCalls.name, inversion: .prefixedNo, help: HubOption.interruptOnCalls.help)
  var interruptsOnCalls: Bool?

  @Flag(name: HubOption.pauseOnRouteLoss.name, inversion: .prefixedNo, help: HubOption.pauseOnRouteLoss.help)
  var pausesOnRouteLoss: Bool?

  @Flag(name: HubOption.pauseForSleep.name, inversion: .prefixedNo, help: HubOption.pauseForSleep.help)
  var pausesForSleep: Bool?

  @Flag(name: HubOption.exclusive.name, inversion: .prefixedNo, help: HubOption.exclusive.help)
  var isExclusive: Bool?

  @Flag(name: HubOption.relaunch.name, inversion: .prefixedNo, help: HubOption.relaunch.help)
  var relaunches: Bool?

  @Flag(name: HubOption.notify.name, inversion: .prefixedNo, help: HubOption.notify.help)
  var notifies: Bool?

  @Option(name: HubOption.callRoles.name, help: HubOption.callRoles.help)
  var callRoles: String?

  @Option(name: HubOption.config.name, help: HubOption.config.help)
  var config: String?

  @Option(name: HubOption.busAddress.name, help: HubOption.busAddress.help)
  var busAddress: String?

  @Option(name: HubOption.httpPort.name, help: HubOption.httpPort.help)
  var httpPort: Int?

  @Flag(name: HubOption.lan.name, help: HubOption.lan.help)
  var lan = false

  @Option(name: HubOption.publicOrigin.name, help: HubOption.publicOrigin.help)
  var publicOrigin: String?

  @Flag(name: HubOption.noHTTP.name, help: HubOption.noHTTP.help)
  var noHTTP = false

  @Option(name: HubOption.logLevel.name, help: HubOption.logLevel.help)
  var logLevel: String?

  @OptionGroup(title: "The bridge")
  var bridge: BridgeArguments

  /// The least level logged: `--log-level`, else its row's default.
  var level: Logger.Level? {
    Logger.Level(rawValue: logLevel ?? HubOption.logLevel.defaultValue ?? "")
  }

  /// The web remote's port: `--http-port`, else ``HTTPOptions/defaultPort``.
  var port: Int {
    httpPort ?? HTTPOptions.defaultPort
  }

  func validate() throws {
    guard level != nil else {
      throw ValidationError(
        "unknown log level \"\(logLevel ?? "")\"; use trace, debug, info, notice, warning, error or critical")
    }
    guard (0...65535).contains(port) else {
      throw ValidationError(
        "\(HubOption.httpPort.longFlag) must be 0 (a free port) or a port from 1 to 65535, not \(port)")
    }
    if noHTTP, lan {
      throw ValidationError(
        "\(HubOption.lan.longFlag) and \(HubOption.noHTTP.longFlag) contradict each other: choose one")
    }
    if let publicOrigin {
      do {
        _ = try PublicOrigin(publicOrigin)
      } catch {
        throw ValidationError("\(HubOption.publicOrigin.longFlag): \(error.message)")
      }
      if noHTTP {
        throw ValidationError(
          "\(HubOption.publicOrigin.longFlag) and \(HubOption.noHTTP.longFlag) contradict each other: choose one"
        )
      }
    }
    for name in ignoredNames where name.isEmpty {
      throw ValidationError("\(HubOption.ignorePlayer.longFlag) needs a player name, such as vlc")
    }
    if let callRoles, AudioSessionOptions.roles(in: callRoles).isEmpty {
      throw ValidationError(
        "\(HubOption.callRoles.longFlag) must name at least one media.role, such as phone,communication "
          + "(to let calls pause nothing, use --no-\(HubOption.interruptOnCalls.flag))")
    }
  }

  /// The names of every `--ignore-player`, comma lists split.
  var ignoredNames: [String] {
    ignored.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
  }

  /// Starts the hub: with its malloc settings (``MallocSettings``) first, then as
  /// `AsyncParsableCommand` does.
  static func main() async {
    MallocSettings.apply()
    await main(nil)
  }

  func run() async throws {
    let level = self.level ?? .info
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let logger = Logger(label: "remotectld")
    let file: ConfigurationFile
    do {
      file = try ConfigurationFile.read(at: config ?? ConfigurationFile.defaultPath())
    } catch {
      logger.critical("\(error.description)")
      throw ExitCode.failure
    }
    let configuration: HubService.Configuration
    do {
      configuration = try self.configuration(file: file)
    } catch {
      logger.critical("\(error.description)")
      throw ExitCode.failure
    }
    let bridgeService = BridgeService(
      options: bridge.options, busAddress: busAddress, logger: Logger(label: "remotectld.bridge"))
    do {
      // The hub's parts, each a Service with its rule (HubPart): the hub itself, its bus
      // connection and names, and the parts it cannot do without end the hub when they fail; a
      // listener (the web server, the web remote, the bridge) that fails is logged and said on
      // the bus for `remotectl doctor`, and the hub goes on without it. The group starts them
      // once the hub owns its name, and stops them on SIGTERM or SIGINT last first, the hub
      // itself last: names released, connections closed, files removed.
      // A part that has not stopped 10 s after the stop began is cancelled, so that the hub
      // still releases its names and exits well before systemd's own limit (90 s).
      // The hub owns its name before the group runs, so a client may ask it to stop while it
      // starts: a signal then is kept (SignalsWhileStarting) rather than ending the process.
      let signalsWhileStarting = await SignalsWhileStarting()
      let parts = try await HubService.start(configuration, bridge: bridgeService, logger: logger)
      var group = ServiceGroupConfiguration(
        services: parts.map { $0.serviceConfiguration(logger: logger) } + [
          .init(service: signalsWhileStarting, successTerminationBehavior: .gracefullyShutdownGroup)
        ],
        gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
      group.maximumGracefulShutdownDuration = .seconds(10)
      try await ServiceGroup(configuration: group).run()
    } catch {
      logger.critical("\(error)")
      throw ExitCode.failure
    }
  }

  /// The hub's configuration: each option from the command line, else from `file`, else its
  /// default in ``HubOption``'s table.
  ///
  /// - Throws: ``HubError`` when `--public-origin` is not an HTTPS origin.
  func configuration(file: ConfigurationFile) throws(HubError) -> HubService.Configuration {
    let origin: PublicOrigin?
    do {
      origin = try publicOrigin.map { value throws(APIError) in try PublicOrigin(value) } ?? file.publicOrigin
    } catch {
      throw HubError("\(HubOption.publicOrigin.longFlag): \(error)")
    }
    return HubService.Configuration(
      bus: busAddress.map(BusAddress.address) ?? .session, filter: CandidateFilter(ignoring: ignoredNames),
      proxy: proxy ?? file.proxy ?? .auto,
      answersPlayerctld: playerctld ?? HubOption.playerctld.isOnByDefault,
      http: HTTPOptions(
        isEnabled: !noHTTP, port: port, lan: lan || (file.lan ?? HubOption.lan.isOnByDefault),
        publicOrigin: origin),
      audioSession: AudioSessionOptions(
        interruptsOnCalls: interruptsOnCalls ?? file.interruptsOnCalls
          ?? HubOption.interruptOnCalls.isOnByDefault,
        pausesOnRouteLoss: pausesOnRouteLoss ?? file.pausesOnRouteLoss
          ?? HubOption.pauseOnRouteLoss.isOnByDefault,
        callRoles: callRoles.map(AudioSessionOptions.roles(in:)) ?? file.callRoles
          ?? AudioSessionOptions.roles(in: HubOption.callRoles.defaultValue ?? ""),
        pausesForSleep: pausesForSleep ?? file.pausesForSleep ?? HubOption.pauseForSleep.isOnByDefault,
        isExclusive: isExclusive ?? file.isExclusive ?? HubOption.exclusive.isOnByDefault),
      relaunch: Relauncher.Options(
        isEnabled: relaunches ?? file.relaunches ?? HubOption.relaunch.isOnByDefault),
      notifies: notifies ?? file.notifies ?? HubOption.notify.isOnByDefault,
      activation: ProxyActivation(environment: ProcessInfo.processInfo.environment))
  }
}
