import BrowserTestSupport
import BusTestSupport
import Foundation
import Synchronization

/// What the web remote's browser tests run: a private bus, `remotectld` serving the web remote
/// on a free loopback port, the players, and the URL `remotectl pair` prints; all stopped by
/// ``stop()``.
///
/// Every program gets `XDG_STATE_HOME`, `XDG_DATA_HOME` and `XDG_CONFIG_HOME` inside the bus's
/// folder, so paired devices and binaural's favourites never reach the user's own.
///
/// A test runs in ``run(hubArguments:_:)``, which stops the stage whatever happens.
final class WebRemoteStage: Sendable {
  /// The bus everything runs on.
  let bus: PrivateBus
  /// The environment of every program the stage starts.
  let environment: [String: String]
  /// The running remotectld.
  private let hub = Mutex<ChildProcess?>(nil)
  /// The browsers ``openBrowser(width:height:onTheBus:)`` opened, closed by ``stop()``.
  private let browsers = Mutex<[Browser]>([])

  private init(bus: PrivateBus) {
    self.bus = bus
    let folder = bus.directory.path
    environment = bus.environment.merging([
      "XDG_STATE_HOME": "\(folder)/state", "XDG_DATA_HOME": "\(folder)/data",
      "XDG_CONFIG_HOME": "\(folder)/config",
    ]) { $1 }
  }

  /// What the stage needs: the built programs, a bus daemon, playerctl, gdbus and the browser
  /// tests' Python.
  static var canRun: Requirement {
    .dbusDaemon && .playerctl && .gdbus && .built(BuiltProducts.remotectld) && .built(BuiltProducts.binaural)
      && .part(
        Browser.python, from: .browserVenv,
        isPresent: FileManager.default.isExecutableFile(atPath: Browser.python))
  }

  /// A private bus with remotectld on it, serving the web remote on a port of its choosing
  /// (`--http-port 0`), and binaural (paused) on it, published and followed by the hub;
  /// `hubLauncher` runs the hub (`ip netns exec NAME`: in a network namespace), with
  /// `hubEnvironment` added to its environment (a system bus of the test's own).
  static func start(
    hubArguments: [String] = ["--http-port", "0"], hubLauncher: [String] = [],
    hubEnvironment: [String: String] = [:]
  ) async throws -> WebRemoteStage {
    let stage = WebRemoteStage(bus: try await PrivateBus.start())
    do {
      try await stage.startHub(hubArguments, launcher: hubLauncher, environment: hubEnvironment)
      try await stage.startBinaural()
      return stage
    } catch {
      await stage.stop()
      throw error
    }
  }

  /// Runs `body` on a new stage (see ``start(hubArguments:)``) and stops the stage, its browsers
  /// and its programs whatever happens. A failure carries the hub's log and the browsers'
  /// consoles.
  static func run(
    hubArguments: [String] = ["--http-port", "0"], hubLauncher: [String] = [],
    hubEnvironment: [String: String] = [:], _ body: (WebRemoteStage) async throws -> Void
  ) async throws {
    let stage = try await start(
      hubArguments: hubArguments, hubLauncher: hubLauncher, hubEnvironment: hubEnvironment)
    do {
      try await body(stage)
    } catch {
      var consoles: [String] = []
      for browser in stage.browsers.withLock({ $0 }) {
        consoles += (try? await browser.consoleMessages()) ?? []
      }
      let log = stage.hubLog
      await stage.stop()
      throw TestFailure("\(error)\nconsole: \(consoles)\nremotectld's log:\n\(log.suffix(3000))")
    }
    await stage.stop()
  }

  /// Opens a browser, a phone's screen by default, that ``stop()`` closes. `onTheBus` puts
  /// Chromium on the stage's bus, where it publishes a page's media session as its own MPRIS
  /// player. `launcher` runs it (`ip netns exec NAME`: in a network namespace).
  func openBrowser(
    width: Int = 390, height: Int = 844, onTheBus: Bool = false, launcher: [String] = []
  ) async throws -> Browser {
    let browser = try await Browser(
      width: width, height: height,
      environment: onTheBus ? ["DBUS_SESSION_BUS_ADDRESS": bus.address] : [:], launcher: launcher)
    browsers.withLock { $0.append(browser) }
    return browser
  }

  /// Closes the browsers and stops every program and the bus.
  func stop() async {
    for browser in browsers.withLock({ current in
      defer { current = [] }
      return current
    }) {
      await browser.close()
    }
    await bus.stop()
  }

  // MARK: - Programs

  /// Starts remotectld with `arguments` (run by `launcher`, when given; with `environment` added
  /// to the stage's) and waits until it owns the hub's name.
  @discardableResult
  func startHub(_ arguments: [String], launcher: [String] = [], environment: [String: String] = [:])
    async throws -> ChildProcess
  {
    let hub = try await bus.startHub(
      arguments, environment: stageEnvironment.merging(environment) { $1 }, waitingForName: false,
      launcher: launcher)
    self.hub.withLock { $0 = hub }
    try await bus.waitForName(PrivateBus.hubBusName)
    return hub
  }

  /// Stops remotectld (SIGTERM, as systemd stops it) and waits until it has exited.
  func stopHub() async {
    guard
      let running = hub.withLock({ current in
        defer { current = nil }
        return current
      })
    else { return }
    _ = await running.terminate()
  }

  /// Starts `binaural --output null --headless` and waits until it has published its title.
  @discardableResult
  func startBinaural(name: String = "binaural") async throws -> ChildProcess {
    let child = try bus.start(
      "/usr/bin/env",
      environmentArguments + [BuiltProducts.binaural, "--output", "null", "--headless", "--name", name],
      standardError: .file(bus.directory.appendingPathComponent("\(name).log").path))
    try await bus.waitForPlayer(name)
    return child
  }

  /// Starts mpv with mpv-mpris, paused on a sine source, and waits until it has published.
  @discardableResult
  func startMpv() async throws -> ChildProcess {
    guard let plugin = MPVPlugin.mpris else { throw TestFailure("mpv-mpris is not installed") }
    let child = try bus.start(
      "mpv",
      [
        "--no-config", "--idle=yes", "--pause", "--script=\(plugin)", "--no-video", "--ao=null",
        "--no-terminal", "--force-media-title=Sine", "av://lavfi:sine",
      ], standardError: .file("/dev/null"))
    try await bus.waitForPlayer("mpv")
    return child
  }

  /// The variables of the stage's folders (``PrivateBus/start(_:_:standardError:)`` gives only
  /// the bus's own).
  private var stageEnvironment: [String: String] {
    environment.filter { ["XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"].contains($0.key) }
  }

  /// ``stageEnvironment`` as `env`'s `VAR=VALUE` arguments.
  private var environmentArguments: [String] {
    stageEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
  }

  // MARK: - Pairing

  /// `remotectl pair --no-qr`: the URL it prints, the code and the device's key in its fragment.
  ///
  /// - Throws: ``TestFailure`` with remotectl's output when it prints no such URL.
  func pairingURL() async throws -> URL {
    let result = try await ChildProcess.run(
      BuiltProducts.remotectl, ["pair", "--no-qr"], environment: environment, timeout: .seconds(20))
    let words = result.output.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
    guard result.succeeded,
      let word = words.first(where: { $0.hasPrefix("http://") && $0.contains("#pair=") }),
      let url = URL(string: String(word))
    else { throw TestFailure("remotectl pair printed no pairing URL: \(result)") }
    return url
  }

  /// The page's own origin (`http://127.0.0.1:PORT`) in a pairing URL.
  static func origin(of url: URL) throws -> String {
    guard let scheme = url.scheme, let host = url.host, let port = url.port else {
      throw TestFailure("no origin in \(url)")
    }
    return "\(scheme)://\(host):\(port)"
  }

  // MARK: - What players say

  /// `playerctl --player=PLAYER status`, trimmed.
  func status(of player: String) async throws -> String {
    try await bus.playerctl("--player=\(player)", "status").trimmed
  }

  /// A `playerctl metadata` field of `player`, trimmed.
  func metadata(_ key: String, of player: String) async throws -> String {
    try await bus.playerctl("--player=\(player)", "metadata", key).trimmed
  }

  /// A property of `player`'s `org.mpris.MediaPlayer2.Player` interface as gdbus prints it
  /// (`true`, `'Paused'`, `1.0`…).
  func playerProperty(_ property: String, of player: String) async throws -> String {
    let result = try await bus.gdbus(
      "call", "--dest", "org.mpris.MediaPlayer2.\(player)", "--object-path", "/org/mpris/MediaPlayer2",
      "--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", property)
    guard result.succeeded else { throw TestFailure("\(property) of \(player) could not be read: \(result)") }
    // "(<true>,)"
    return result.trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "(<>,)"))
  }

  /// A property of `player`'s extension interface (`io.github.swift_remote_control.RemoteControl1`
  /// at `/org/mpris/MediaPlayer2/RemoteControl`) as gdbus prints it.
  func extensionProperty(_ property: String, of player: String) async throws -> String {
    let result = try await bus.gdbus(
      "call", "--dest", "org.mpris.MediaPlayer2.\(player)", "--object-path",
      "/org/mpris/MediaPlayer2/RemoteControl",
      "--method", "org.freedesktop.DBus.Properties.Get", "io.github.swift_remote_control.RemoteControl1",
      property)
    guard result.succeeded else { throw TestFailure("\(property) of \(player) could not be read: \(result)") }
    return result.trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "(<>,)"))
  }

  /// The hub's Now Playing player, as its id (`binaural` for `org.mpris.MediaPlayer2.binaural`),
  /// empty when none: the hub's `ActivePlayer`.
  func nowPlaying() async throws -> String {
    let result = try await bus.gdbus(
      "call", "--dest", "io.github.swift_remote_control.Hub", "--object-path", "/org/mpris/MediaPlayer2",
      "--method", "org.freedesktop.DBus.Properties.Get", "io.github.swift_remote_control.Hub1", "ActivePlayer"
    )
    guard result.succeeded else { throw TestFailure("the hub's ActivePlayer could not be read: \(result)") }
    let quoted = result.output.split(separator: "'", omittingEmptySubsequences: false)
    guard quoted.count >= 2 else { return "" }
    return String(quoted[1]).replacingOccurrences(of: "org.mpris.MediaPlayer2.", with: "")
  }

  /// The hub's log so far, for failure messages.
  var hubLog: String {
    bus.hubLog
  }
}
