package import Foundation
import Synchronization

/// A message bus of the test's own: `dbus-daemon --session --nofork` listening on
/// `unix:path=<fresh temporary folder>/bus`, never the ambient session bus.
///
/// Programs started on it (``start(_:_:standardError:)``) get its address and are stopped with
/// it. ``stop()`` ends them and the daemon with SIGTERM (SIGKILL only for one that does not end
/// within 5 s) and removes the folder; dropping the bus does the same without waiting.
package final class PrivateBus: Sendable {
  /// The bus address. It names only the socket, so a restarted daemon has the same address.
  package let address: String
  /// The temporary folder holding the socket (and anything else the test writes).
  package let directory: URL
  private let daemon: Mutex<ChildProcess?>
  private let children = Mutex<[ChildProcess]>([])
  /// The daemon's configuration, besides `--address`: `--session`, or a configuration file.
  private let configuration: String

  private init(address: String, directory: URL, configuration: String, daemon: ChildProcess) {
    self.address = address
    self.directory = directory
    self.configuration = configuration
    self.daemon = Mutex(daemon)
  }

  /// Starts a daemon in a fresh folder and returns once it listens (it prints its address then).
  ///
  /// - Parameter admittingEveryUser: Whether programs run as other users may connect too (players
  ///   that refuse to run as root): the session bus's configuration, with a policy that allows
  ///   every user, and a folder they may enter. A session bus admits only its own user otherwise.
  /// - Parameter offeringInstalledServices: Whether the machine's D-Bus services (the session
  ///   bus's standard service folders) can be started on the bus, as on a desktop; `false` for a
  ///   test that needs a service to be absent whatever the machine installs (a notification
  ///   server that Plasma or GNOME Shell would start).
  package static func start(admittingEveryUser: Bool = false, offeringInstalledServices: Bool = true)
    async throws -> PrivateBus
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bus-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The clients' runtime folder (``environment``), its owner's only as the XDG spec asks: what
    // they keep there (remotectl's player records) goes with the bus.
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("runtime"), withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700])
    let address = "unix:path=\(directory.path)/bus"
    ChildRegistry.current?.add(directory: directory)
    do {
      var configuration = "--session"
      if admittingEveryUser {
        let file = directory.appendingPathComponent("session.conf")
        try Self.sessionConfiguration(policy: #"<policy context="default"><allow user="*"/></policy>"#)
          .write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        configuration = "--config-file=\(file.path)"
      } else if !offeringInstalledServices {
        let file = directory.appendingPathComponent("session.conf")
        try Self.configurationWithoutServices.write(to: file, atomically: true, encoding: .utf8)
        configuration = "--config-file=\(file.path)"
      }
      return PrivateBus(
        address: address, directory: directory, configuration: configuration,
        daemon: try await launch(at: address, configuration: configuration))
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  /// Debian's session bus configuration with `policy` (a `<policy>` element) added: for a daemon
  /// that lets every user connect, or one that refuses a name.
  package static func sessionConfiguration(policy: String) -> String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <include>/usr/share/dbus-1/session.conf</include>
      \(policy)
    </busconfig>
    """
  }

  /// A session bus's configuration without the standard service folders: nothing the machine
  /// installs can be started on it.
  static let configurationWithoutServices = """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <!-- A configuration must name an address; the daemon's own option replaces it. -->
      <listen>unix:tmpdir=/tmp</listen>
      <keep_umask/>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """

  private static func launch(at address: String, configuration: String) async throws -> ChildProcess {
    let daemon = try ChildProcess(
      "dbus-daemon", [configuration, "--nofork", "--print-address=1", "--address=\(address)"])
    do {
      _ = try await daemon.line(within: .seconds(10)) { $0.hasPrefix("unix:") }
    } catch {
      await daemon.terminate()
      throw error
    }
    return daemon
  }

  deinit {
    // The same order as `stop()`, on a plain thread: programs, daemon, then the folder (removed
    // only once nothing can write into it any more).
    let children = children.withLock { $0 }
    let daemon = daemon.withLock { $0 }
    let directory = directory
    Thread.detachNewThread {
      Self.terminateAndWait(children)
      Self.terminateAndWait(daemon.map { [$0] } ?? [])
      try? FileManager.default.removeItem(at: directory)
    }
  }

  /// Sends SIGTERM to `processes` and blocks the calling (plain) thread until they have exited,
  /// killing any still running after 5 s.
  private static func terminateAndWait(_ processes: [ChildProcess]) {
    for process in processes { process.signal(SIGTERM) }
    let deadline = ContinuousClock.now + .seconds(5)
    while processes.contains(where: { $0.exitStatus == nil }) {
      if ContinuousClock.now > deadline {
        for process in processes { process.kill() }
        if ContinuousClock.now > deadline + .seconds(1) { return }
      }
      usleep(10_000)
    }
  }

  /// What a client needs in its environment to use this bus: `DBUS_SESSION_BUS_ADDRESS`, a
  /// cache folder of its own (artwork goes there), a runtime folder of its own
  /// (`XDG_RUNTIME_DIR`: remotectl's player records, the hub's endpoint files), libpulse's
  /// runtime folder (`PULSE_RUNTIME_PATH`), all removed with the bus, and the hub's names for the
  /// Python programs (``PythonProgram/hubNames``).
  ///
  /// libpulse's runtime folder is given because the hub runs without `XDG_RUNTIME_DIR`
  /// (``startHub(_:environment:removing:log:capturingLog:executable:waitingForName:launcher:)``):
  /// libpulse would otherwise make a `/tmp/pulse-…` folder for each hub with a configuration
  /// folder of its own, and nothing removes it. No sound server listens there, so a client given
  /// no `PULSE_SERVER` finds none, as with the clients' runtime folder.
  package var environment: [String: String] {
    PythonProgram.hubNames.merging([
      "DBUS_SESSION_BUS_ADDRESS": address, "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
      "XDG_RUNTIME_DIR": runtimeDirectory.path,
      "PULSE_RUNTIME_PATH": directory.appendingPathComponent("pulse-runtime").path,
    ]) { $1 }
  }

  /// The clients' `XDG_RUNTIME_DIR`, inside the bus's folder.
  package var runtimeDirectory: URL { directory.appendingPathComponent("runtime") }

  // MARK: - Clients

  /// Runs a client program on this bus to its end.
  @discardableResult
  package func run(_ executable: String, _ arguments: String..., timeout: Duration = .seconds(20))
    async throws
    -> ClientResult
  {
    try await run(executable, arguments, timeout: timeout)
  }

  /// Runs a client program on this bus to its end.
  @discardableResult
  package func run(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(20)) async throws
    -> ClientResult
  {
    try await ChildProcess.run(executable, arguments, environment: environment, timeout: timeout)
  }

  /// Starts a long-running program on this bus (a player, `playerctl --follow`, a monitor); it
  /// is stopped with the bus.
  package func start(
    _ executable: String, _ arguments: String..., standardError: ChildProcess.StandardError = .capture
  )
    throws -> ChildProcess
  {
    try start(executable, arguments, standardError: standardError)
  }

  /// Starts a long-running program on this bus, with `environment` set on top of the bus's own
  /// (``environment``); it is stopped with the bus.
  package func start(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    standardError: ChildProcess.StandardError = .capture
  ) throws -> ChildProcess {
    let child = try ChildProcess(
      executable, arguments, environment: self.environment.merging(environment) { $1 },
      standardError: standardError)
    children.withLock { $0.append(child) }
    return child
  }

  // MARK: - The daemon

  /// Kills the daemon (SIGKILL, as a crash would) and waits until it is gone.
  package func kill() async {
    guard
      let daemon = daemon.withLock({ current in
        defer { current = nil }; return current
      })
    else { return }
    daemon.kill()
    _ = try? await daemon.waitForExit(within: .seconds(5))
  }

  /// Starts a new daemon at the same address (after ``kill()``).
  package func restart() async throws {
    await kill()
    let fresh = try await Self.launch(at: address, configuration: configuration)
    daemon.withLock { $0 = fresh }
  }

  /// Stops the programs started on the bus, then the daemon, with SIGTERM (SIGKILL for any that
  /// has not ended within 5 s), waits for them all, and removes the folder.
  package func stop() async {
    for child in children.withLock({ current in
      defer { current = [] }; return current
    }).reversed() {
      await child.terminate()
    }
    if let daemon = daemon.withLock({ current in
      defer { current = nil }; return current
    }) {
      await daemon.terminate()
    }
    try? FileManager.default.removeItem(at: directory)
  }
}
