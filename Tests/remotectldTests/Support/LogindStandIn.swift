import BusTestSupport
import Foundation

/// A stand-in for logind (`org.freedesktop.login1`) on a private system bus, in python3-dbus.
///
/// It is a stand-in, not logind: logind needs systemd as PID 1, which these machines (and CI
/// containers) do not run. It implements just the documented members the hub uses, as
/// systemd's `org.freedesktop.login1(5)` describes them:
///
/// - `Inhibit(s what, s who, s why, s mode) → h`: hands out the write end of a pipe and holds the
///   inhibitor until every copy of it is closed (logind hands out a FIFO's end the same way);
/// - `ListInhibitors() → a(ssssuu)`: the inhibitors held (what, who, why, mode, uid, pid);
/// - the `PrepareForSleep(b)` signal, sent when the test says so.
///
/// The test drives it on standard input: `watch ADDRESS NAME…` names the session bus and the
/// players to watch there (it prints `watching`); `sleep` sends `PrepareForSleep(true)`, waits for every
/// delay inhibitor on sleep to be released (at most 5 s, logind's default
/// `InhibitDelayMaxSec`), and prints one JSON line: whether they were (`released`), how long
/// it took in milliseconds (`ms`), and each watched player's MPRIS `PlaybackStatus` read on
/// the session bus at that moment (`statuses`), so the test sees what played when the system
/// would have slept. `wake` sends `PrepareForSleep(false)` and prints `woke`. It prints `READY`
/// once it owns its name.
struct LogindStandIn: Sendable {
  let process: ChildProcess

  /// One sleep, as the stand-in saw it.
  struct Sleep: Sendable, Decodable {
    /// Whether every delay inhibitor was released within 5 s.
    var released: Bool
    /// From `PrepareForSleep(true)` to the last delay inhibitor released, in milliseconds.
    var ms: Double
    /// Each watched player's `PlaybackStatus` when the last inhibitor was released, by bus name.
    var statuses: [String: String]
  }

  static let script = #"""
    import json, os, sys, time
    import dbus, dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
    DBusGMainLoop(set_as_default=True)

    MANAGER = 'org.freedesktop.login1.Manager'
    system = dbus.bus.BusConnection(os.environ['DBUS_SYSTEM_BUS_ADDRESS'])
    session = {}  # 'bus': the session bus the watched players are on
    watched = []
    held = {}  # read end -> (what, who, why, mode, uid, pid)
    sleep = {}

    def status(name):
        try:
            player = session['bus'].get_object(name, '/org/mpris/MediaPlayer2')
            return str(player.Get('org.mpris.MediaPlayer2.Player', 'PlaybackStatus',
                                  dbus_interface='org.freedesktop.DBus.Properties', timeout=2))
        except dbus.DBusException as error:
            return 'error: ' + error.get_dbus_name()

    def delaying():
        return [entry for entry in held.values() if 'sleep' in entry[0].split(':') and entry[3] == 'delay']

    def finish(released):
        if not sleep:
            return False
        elapsed = (time.monotonic() - sleep.pop('start')) * 1000
        print(json.dumps({'released': released, 'ms': elapsed,
                          'statuses': {name: status(name) for name in watched}}), flush=True)
        return False

    def closed(fd, condition):
        held.pop(fd, None)
        os.close(fd)
        if sleep and not delaying():
            finish(True)
        return False

    class Manager(dbus.service.Object):
        @dbus.service.method(MANAGER, in_signature='ssss', out_signature='h', sender_keyword='sender')
        def Inhibit(self, what, who, why, mode, sender=None):
            if mode not in ('block', 'delay'):
                raise dbus.DBusException('mode must be block or delay',
                                         name='org.freedesktop.DBus.Error.InvalidArgs')
            read, write = os.pipe()
            bus = system.get_object('org.freedesktop.DBus', '/org/freedesktop/DBus')
            pid = int(bus.GetConnectionUnixProcessID(sender, dbus_interface='org.freedesktop.DBus'))
            uid = int(bus.GetConnectionUnixUser(sender, dbus_interface='org.freedesktop.DBus'))
            held[read] = (str(what), str(who), str(why), str(mode), uid, pid)
            GLib.io_add_watch(read, GLib.PRIORITY_DEFAULT, GLib.IO_HUP | GLib.IO_ERR, closed)
            handed = dbus.types.UnixFd(write)  # a duplicate: ours is closed at once
            os.close(write)
            return handed

        @dbus.service.method(MANAGER, in_signature='', out_signature='a(ssssuu)')
        def ListInhibitors(self):
            return dbus.Array([dbus.Struct(entry) for entry in held.values()], signature='(ssssuu)')

        @dbus.service.signal(MANAGER, signature='b')
        def PrepareForSleep(self, start):
            pass

    manager = Manager(system, '/org/freedesktop/login1')

    def command(source, condition):
        line = sys.stdin.readline()
        if not line:
            loop.quit()
            return False
        word = line.strip()
        if word == 'sleep':
            sleep['start'] = time.monotonic()
            manager.PrepareForSleep(True)
            if not delaying():
                finish(True)
            else:
                GLib.timeout_add(5000, lambda: finish(False))
        elif word.startswith('watch '):
            address, *names = word.split(' ')[1:]
            session['bus'] = dbus.bus.BusConnection(address)
            watched[:] = names
            print('watching', flush=True)
        elif word == 'wake':
            manager.PrepareForSleep(False)
            print('woke', flush=True)
        return True

    system.request_name('org.freedesktop.login1', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    GLib.io_add_watch(sys.stdin.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, command)
    loop = GLib.MainLoop()
    print('READY', flush=True)
    loop.run()
    """#

  /// Starts the stand-in on `systemBus` and returns once it owns its name.
  static func start(systemBus: String) async throws -> LogindStandIn {
    let process = try ChildProcess(
      PythonPlayers.python, ["-c", script], environment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus],
      standardInput: .pipe)
    do {
      _ = try await process.line(within: .seconds(20)) { $0 == "READY" }
    } catch {
      _ = await process.terminate()
      throw TestFailure("the logind stand-in did not start: \(process.standardError)")
    }
    return LogindStandIn(process: process)
  }

  /// Watches the players `names` on the session bus at `address`.
  func watch(_ names: [String], on address: String) async throws {
    try process.write("watch \(address) \(names.joined(separator: " "))\n")
    _ = try await process.line(within: .seconds(20)) { $0 == "watching" }
  }

  /// Sends `PrepareForSleep(true)` and returns what the stand-in saw once the delay inhibitors
  /// were released (or 5 s passed).
  func sleep() async throws -> Sleep {
    try process.write("sleep\n")
    let line = try await process.line(within: .seconds(20)) { $0.hasPrefix("{") }
    return try JSONDecoder().decode(Sleep.self, from: Data(line.utf8))
  }

  /// Sends `PrepareForSleep(false)`.
  func wake() async throws {
    try process.write("wake\n")
    _ = try await process.line(within: .seconds(20)) { $0 == "woke" }
  }

  /// The inhibitors held, as `busctl` (a client nobody here wrote) lists them: one
  /// `what who why mode` line each.
  func inhibitors(systemBus: String) async throws -> [String] {
    let result = try await ChildProcess.run(
      "busctl",
      [
        "--address=\(systemBus)", "--json=short", "call", "org.freedesktop.login1", "/org/freedesktop/login1",
        "org.freedesktop.login1.Manager", "ListInhibitors",
      ])
    guard result.status == 0 else { throw TestFailure("ListInhibitors failed: \(result.error)") }
    struct Reply: Decodable { var data: [[[JSONScalar]]] }
    let reply = try JSONDecoder().decode(Reply.self, from: Data(result.output.utf8))
    return (reply.data.first ?? []).map { $0.prefix(4).map(\.text).joined(separator: " ") }
  }

  /// A string or a number of `busctl --json` output.
  enum JSONScalar: Decodable {
    case text(String)
    case number(Int64)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self = .text(text)
      } else {
        self = .number(try container.decode(Int64.self))
      }
    }

    var text: String {
      switch self {
      case .text(let text): text
      case .number(let number): "\(number)"
      }
    }
  }

  func stop() async {
    _ = await process.terminate()
  }
}
