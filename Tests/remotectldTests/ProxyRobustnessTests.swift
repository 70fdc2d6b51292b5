import BusTestSupport
import Foundation
import Testing

/// A player that answers with the wrong types is proxied as far as it can be: what has the
/// type MPRIS gives passes, the rest reads empty, and the proxy keeps answering.
@Suite(
  "The proxy player and a player's nonsense", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ProxyRobustnessTests {
  @Test func `an active player with wrongly typed properties is proxied with empty values for those`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    // It plays, so it becomes active; Metadata is a string, Volume a string, Rate an int, and
    // it has a property MPRIS does not know. Introspect fails.
    let python = try bus.start(
      "/usr/bin/python3",  // Debian's, with python3-dbus and python3-gi
      [
        "-c",
        """
        import dbus, dbus.service, dbus.mainloop.glib
        from gi.repository import GLib
        dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        P = 'org.freedesktop.DBus.Properties'
        class Player(dbus.service.Object):
            @dbus.service.method('org.freedesktop.DBus.Introspectable', out_signature='s')
            def Introspect(self):
                raise dbus.exceptions.DBusException('no', name='org.example.Error.NoIntrospection')
            @dbus.service.method(P, in_signature='s', out_signature='a{sv}')
            def GetAll(self, interface):
                if interface == 'org.mpris.MediaPlayer2':
                    return {'Identity': 'Nonsense', 'CanQuit': 'yes'}
                return {'PlaybackStatus': 'Playing', 'Metadata': 'nonsense', 'Volume': 'loud',
                        'Rate': dbus.Int32(2), 'CanPlay': True, 'Unheard': dbus.Array([], signature='s')}
        player = Player(bus, '/org/mpris/MediaPlayer2')
        bus.request_name('org.mpris.MediaPlayer2.nonsense', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
        GLib.MainLoop().run()
        """,
      ])
    try await bus.waitForName("org.mpris.MediaPlayer2.nonsense")
    try await eventually(
      "the proxy follows nonsense", { try await bus.read(PrivateBus.proxyName, "PlaybackStatus") },
      until: { $0 == "s \"Playing\"" })
    #expect(
      try await bus.read(PrivateBus.proxyName, "Identity", interface: "org.mpris.MediaPlayer2")
        == "s \"Nonsense\"")
    #expect(
      try await bus.read(PrivateBus.proxyName, "CanQuit", interface: "org.mpris.MediaPlayer2") == "b false")
    #expect(try await bus.read(PrivateBus.proxyName, "Metadata") == "a{sv} 0")
    #expect(try await bus.read(PrivateBus.proxyName, "Volume") == "d 1")
    #expect(try await bus.read(PrivateBus.proxyName, "Rate") == "d 1")
    #expect(try await bus.read(PrivateBus.proxyName, "CanPlay") == "b true")
    let all = try await bus.gdbusCall(
      PrivateBus.proxyName, "org.freedesktop.DBus.Properties.GetAll", [PrivateBus.playerInterface])
    #expect(all.contains("'PlaybackStatus': <'Playing'>") && !all.contains("Unheard"), "\(all)")
    #expect(python.exitStatus == nil)
    await bus.stop()
  }
}
