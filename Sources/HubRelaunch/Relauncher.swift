import BlockingIOPool
package import DBus
import FoundationEssentials
package import HubCore
package import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControl
import RemoteControlMPRIS
import Synchronization

/// Play with nothing playing brings back the last Now Playing app, as iOS's lock screen and
/// headset do: when a play or play-pause reaches the hub and no player is on the bus,
/// ``relaunch(then:)`` starts the app that was Now Playing last and answers once it is a
/// candidate again; the hub's command path (``CommandPath``) then sends it `Play`.
///
/// It starts the app through D-Bus activation of its MPRIS bus name where the bus can activate
/// it (`org.freedesktop.DBus.StartServiceByName`), else through its MPRIS `DesktopEntry`: a
/// desktop file with `DBusActivatable=true` gets `org.freedesktop.Application.Activate`, any other
/// has its `Exec` run as `gio launch` runs it (``DesktopFile``, ``AppProcess``). It waits
/// ``Options/appearLimit`` at most for the player, then gives up and says why.
///
/// What it would start is remembered across the hub's own restarts (``LastNowPlayingFile``): the
/// hub may be started by D-Bus activation on the very key press that should resume the app.
package final class Relauncher: Sendable {
  /// Whether the hub relaunches, and how long it waits for the app.
  package struct Options: Sendable, Hashable {
    /// Whether a play with no player starts the last Now Playing app (`--relaunch`,
    /// `relaunch = yes`).
    package var isEnabled = true
    /// How long the app has, from the press, to be on the bus as a player.
    var appearLimit: Duration = .seconds(10)

    package init(isEnabled: Bool = true, appearLimit: Duration = .seconds(10)) {
      self.isEnabled = isEnabled
      self.appearLimit = appearLimit
    }
  }

  /// Why nothing was played.
  package typealias Failure = RelaunchFailure

  /// How the last Now Playing app would be started.
  enum Plan: Sendable, Hashable, CustomStringConvertible {
    /// D-Bus activation of its MPRIS bus name.
    case activateName(String)
    /// `org.freedesktop.Application.Activate` on its desktop file's ID.
    case activateApplication(DesktopFile)
    /// Its desktop file's `Exec`, split into the program and its arguments.
    case run([String], DesktopFile)
    /// Nothing can start it, and why.
    case nothing(String)

    package var description: String {
      switch self {
      case .activateName(let name): "D-Bus activation of \(name)"
      case .activateApplication(let file):
        "org.freedesktop.Application.Activate on \(file.id) (\(file.path) is DBusActivatable)"
      case .run(let arguments, let file): "\(arguments.joined(separator: " ")) (the Exec of \(file.path))"
      case .nothing(let reason): "nothing: \(reason)"
      }
    }
  }

  private struct Waiter {
    var last: LastNowPlaying
    var continuation: CheckedContinuation<Candidate?, Never>
  }

  private struct State {
    var last: LastNowPlaying?
    /// What ``plan`` said last, for `remotectl doctor`.
    var plan = "nothing: no app has been Now Playing yet"
    /// The callers of a relaunch under way; `nil` while none is.
    var completions: [@Sendable (Result<BusName, Failure>) -> Void]?
    var waiters: [UInt64: Waiter] = [:]
    var nextWaiter: UInt64 = 0
    /// What it observes of the hub, removed when it stops (``stop()``).
    var observers: (hub: ObservationToken, view: ObservationToken)?
  }

  package let hub: Hub
  package let options: Options
  package let file: LastNowPlayingFile
  package let logger: Logger
  /// The environment an app is started with: the hub's, on the hub's bus.
  package let environment: [String: String]
  private let state = Mutex(State())
  /// A plan being worked out and a relaunch under way: cancelled and waited for when it stops.
  private let tasks = PartTasks()

  /// A relauncher for `hub` on `bus`, remembering in `file`; nothing is followed until
  /// ``start()``.
  package init(
    hub: Hub, options: Options, bus: BusAddress, file: LastNowPlayingFile = LastNowPlayingFile(),
    logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.hub = hub
    self.options = options
    self.file = file
    self.logger = logger
    var environment = environment
    if case .address(let address) = bus { environment["DBUS_SESSION_BUS_ADDRESS"] = address }
    self.environment = environment
  }

  private var connection: Connection { hub.connection }

  // MARK: - Remembering

  /// Reads what the last run remembered and follows the Now Playing app from now on.
  package func start() {
    do {
      let last = try file.read()
      state.withLock { $0.last = last }
      if let last {
        logger.debug("the last Now Playing app", metadata: ["player": "\(last.busName)"])
      }
    } catch {
      logger.warning("\(error.description); starting from no last Now Playing app")
    }
    let following = hub.observe { [self] change in
      if let active = change.now.active { remember(active) }
      serveWaiters(change.now)
    }
    let watching = hub.view.observe { [self] change in
      guard case .propertiesChanged(let owner, let interface, _, _) = change,
        interface == MediaPlayerInterface.root.rawValue, let active = hub.nowPlaying.active,
        active.owner == owner.rawValue
      else { return }
      remember(active)
      serveWaiters(hub.nowPlaying)
    }
    state.withLock { $0.observers = (following, watching) }
    if let active = hub.nowPlaying.active { remember(active) }
    refreshPlan()
  }

  /// Stops following the Now Playing app, and cancels the plan being worked out and a relaunch
  /// under way, waiting for them to end: the hub stops.
  package func stop() async {
    if let tokens = state.withLock({ $0.observers.take() }) {
      hub.removeObserver(tokens.hub)
      hub.view.removeObserver(tokens.view)
    }
    // A relaunch waiting for its player stops waiting: it answers that nothing came.
    let waiters = state.withLock { state in
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    waiters.forEach { $0.continuation.resume(returning: nil) }
    await tasks.stop()
  }

  /// The last Now Playing app, `nil` when none has been seen.
  package var last: LastNowPlaying? { state.withLock { $0.last } }

  /// What a play with no player would start, in words, for `remotectl doctor`.
  var planDescription: String { state.withLock { $0.plan } }

  /// Takes `active` as the last Now Playing app (its names and desktop entry from its mirror),
  /// and writes it down when that changed.
  private func remember(_ active: Candidate) {
    let mirror = BusName(rawValue: active.owner).flatMap(hub.view.mirror(of:))
    let entry = mirror?[root: .desktopEntry]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let identity = mirror?[root: .identity]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let changed = state.withLock { state -> LastNowPlaying? in
      var now = LastNowPlaying(busName: active.busName, desktopEntry: entry, identity: identity)
      if let before = state.last, before.busName == now.busName {
        // Until its root interface is read, what the last run knew stands.
        now.desktopEntry = now.desktopEntry ?? before.desktopEntry
        now.identity = now.identity ?? before.identity
      }
      guard now != state.last else { return nil }
      state.last = now
      return now
    }
    guard let changed else { return }
    logger.debug(
      "remembering the Now Playing app",
      metadata: ["player": "\(changed.busName)", "desktop entry": "\(changed.desktopEntry ?? "none")"])
    file.write(changed) { [logger, file] reason in
      logger.warning(
        "cannot remember the last Now Playing app in \(file.path): a restarted hub will not start it",
        metadata: ["error": "\(reason)"])
    }
    refreshPlan()
  }

  /// Works out again what a play with no player would start, for `remotectl doctor`.
  private func refreshPlan() {
    guard options.isEnabled else {
      state.withLock { $0.plan = "nothing: relaunching is off (relaunch = no, or --no-relaunch)" }
      return
    }
    tasks.start { [self] in
      let plan = await self.plan(for: last)
      state.withLock { $0.plan = plan.description }
    }
  }

  // MARK: - Planning

  /// How `last` would be started now.
  func plan(for last: LastNowPlaying?) async -> Plan {
    guard let last else { return .nothing("no app has been Now Playing yet") }
    let activatable: [String]
    do {
      activatable = try await connection.listActivatableNames(timeout: .seconds(2)).map(\.rawValue)
    } catch {
      logger.info("the bus does not list its activatable names", metadata: ["error": "\(error.message)"])
      activatable = []
    }
    if activatable.contains(last.busName) { return .activateName(last.busName) }
    guard let entry = last.desktopEntry else {
      return .nothing("\(last.busName) is not D-Bus activatable and gave no DesktopEntry")
    }
    let environment = environment
    // Desktop files are looked for off Swift's cooperative pool.
    let found = await BlockingIO.run {
      Result<DesktopFile?, HubError>(catching: { () throws(HubError) in
        try DesktopFile.find(id: entry, environment: environment)
      })
    }
    switch found {
    case .failure(let error): return .nothing(error.description)
    case .success(nil):
      let folders = DesktopFile.dataFolders(environment: environment).map { $0 + "/applications" }
      return .nothing(
        "\(last.busName) is not D-Bus activatable and no \(entry).desktop is in \(folders.joined(separator: ", "))"
      )
    case .success(let file?):
      if file.isDBusActivatable { return .activateApplication(file) }
      do {
        return .run(try file.commandLine(), file)
      } catch {
        return .nothing(error.description)
      }
    }
  }

  // MARK: - Relaunching

  /// Starts the last Now Playing app and waits until it is a candidate again; `completion` gets
  /// its unique name, or why nothing plays. Presses while a relaunch is under way join it: the
  /// app is started once.
  ///
  /// Called by the hub's command path (``CommandPath``) where a play or play-pause finds no
  /// player; the command path then sends the app `Play` as it sends every user's command.
  package func relaunch(then completion: @escaping @Sendable (Result<BusName, Failure>) -> Void) {
    guard options.isEnabled else {
      completion(.failure(Failure(description: "relaunching is off")))
      return
    }
    let isFirst = state.withLock { state -> Bool in
      guard state.completions == nil else {
        state.completions?.append(completion)
        return false
      }
      state.completions = [completion]
      return true
    }
    guard isFirst else { return }
    let started = tasks.start { [self] in
      let result = await relaunch()
      switch result {
      case .success(let owner):
        logger.info("relaunched the last Now Playing app", metadata: ["owner": "\(owner)"])
      case .failure(let failure): logger.notice("no player to play: \(failure.description)")
      }
      for completion in state.withLock({ state in
        defer { state.completions = nil }
        return state.completions ?? []
      }) {
        completion(result)
      }
    }
    guard !started else { return }
    // Stopped: every press that waited is told so rather than left waiting.
    let failure = Failure(description: "the hub is stopping: no app is relaunched")
    for completion in state.withLock({ state in
      defer { state.completions = nil }
      return state.completions ?? []
    }) {
      completion(.failure(failure))
    }
  }

  private func relaunch() async -> Result<BusName, Failure> {
    guard let last else {
      return .failure(Failure(description: "no app has been Now Playing since the hub was installed"))
    }
    let began = ContinuousClock.now
    let plan = await self.plan(for: last)
    logger.info(
      "starting the last Now Playing app", metadata: ["app": "\(last.displayName)", "how": "\(plan)"])
    do throws(Failure) {
      try await start(plan, last: last)
    } catch {
      return .failure(error)
    }
    guard let candidate = await waitForPlayer(like: last, until: began + options.appearLimit),
      let owner = BusName(rawValue: candidate.owner)
    else {
      return .failure(
        Failure(
          description: "\(last.displayName) was started (\(plan)) but is not on the bus as a player "
            + "after \(options.appearLimit)"))
    }
    logger.info(
      "the last Now Playing app is back",
      metadata: ["player": "\(candidate.busName)", "after": "\(ContinuousClock.now - began)"])
    return .success(owner)
  }

  /// Starts the app as `plan` says.
  private func start(_ plan: Plan, last: LastNowPlaying) async throws(Failure) {
    switch plan {
    case .nothing(let reason):
      throw Failure(description: "cannot start \(last.displayName): \(reason)")
    case .activateName(let name):
      guard let busName = BusName(rawValue: name) else {
        throw Failure(description: "D-Bus could not start \(name): it is not a bus name")
      }
      do {
        _ = try await connection.startService(named: busName, timeout: options.appearLimit)
      } catch {
        throw Failure(description: "D-Bus could not start \(name): \(error.message)")
      }
    case .activateApplication(let file):
      guard let name = BusName(rawValue: file.id) else {
        throw Failure(description: "\(file.path) is DBusActivatable, but \(file.id) is not a bus name")
      }
      let path =
        "/" + file.id.replacing(".", with: "/").replacing("-", with: "_")
      guard let objectPath = ObjectPath(rawValue: path) else {
        throw Failure(description: "\(file.path) is DBusActivatable, but \(path) is not an object path")
      }
      do {
        _ = try await connection.call(
          destination: name, path: objectPath, interface: "org.freedesktop.Application", member: "Activate",
          arguments: [.vardict([:])], timeout: options.appearLimit)
      } catch {
        throw Failure(
          description: "\(file.id) did not take org.freedesktop.Application.Activate: \(error.message)")
      }
    case .run(let arguments, let file):
      do {
        let pid = try AppProcess.start(arguments, environment: environment)
        logger.debug("started \(file.path)", metadata: ["pid": "\(pid)"])
      } catch {
        throw Failure(description: "cannot run the Exec of \(file.path): \(error.description)")
      }
    }
  }

  // MARK: - Waiting for the player

  /// The candidate that is `last` come back (its bus name, the same name of another instance,
  /// or its desktop entry), once the hub has it; `nil` at `deadline`.
  private func waitForPlayer(like last: LastNowPlaying, until deadline: ContinuousClock.Instant) async
    -> Candidate?
  {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    let timeout = Task {
      do {
        try await Task.sleep(until: deadline, clock: .continuous)
      } catch {
        return  // The player came.
      }
      resume(id, with: nil)
    }
    defer { timeout.cancel() }
    return await withCheckedContinuation { continuation in
      state.withLock { $0.waiters[id] = Waiter(last: last, continuation: continuation) }
      if ContinuousClock.now >= deadline { resume(id, with: nil) }
      connection.perform { [self] in serveWaiters(hub.nowPlaying) }
    }
  }

  /// Hands each waiter its player, if `now` has it.
  private func serveWaiters(_ now: NowPlaying) {
    let waiting = state.withLock { $0.waiters.map { ($0.key, $0.value.last) } }
    for (id, last) in waiting {
      if let candidate = now.players.first(where: { matches($0, last) }) { resume(id, with: candidate) }
    }
  }

  private func matches(_ candidate: Candidate, _ last: LastNowPlaying) -> Bool {
    if candidate.busName == last.busName
      || LastNowPlaying.withoutInstance(candidate.busName) == LastNowPlaying.withoutInstance(last.busName)
    {
      return true
    }
    guard let entry = last.desktopEntry, let owner = BusName(rawValue: candidate.owner) else { return false }
    return hub.view.mirror(of: owner)?[root: .desktopEntry]?.stringValue == entry
  }

  private func resume(_ id: UInt64, with candidate: Candidate?) {
    state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: candidate)
  }
}
