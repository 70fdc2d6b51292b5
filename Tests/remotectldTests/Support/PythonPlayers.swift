/// Python programs (python3-dbus with a GLib main loop) that play MPRIS players no real program
/// would: many at once, or ones that publish nonsense. Debian's `/usr/bin/python3` runs them
/// (a pyenv one on PATH may lack python3-dbus).
enum PythonPlayers {
  /// The interpreter with python3-dbus.
  static let python = "/usr/bin/python3"

  /// What every script shares: the bus, a GLib loop, `wait_until` (runs the loop until a
  /// condition holds, at most 10 s) and `hub_players()` (the hub's Players).
  static let prelude = """
    import os, sys, time
    import dbus, dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
    DBusGMainLoop(set_as_default=True)
    address = os.environ['DBUS_SESSION_BUS_ADDRESS']
    context = GLib.MainContext.default()
    observer = dbus.bus.BusConnection(address)
    hub = observer.get_object('io.github.swift_remote_control.Hub', '/org/mpris/MediaPlayer2')

    def hub_players():
        return [str(name) for name in hub.Get('io.github.swift_remote_control.Hub1', 'Players',
                                              dbus_interface='org.freedesktop.DBus.Properties')]

    def wait_until(condition, what):
        deadline = time.monotonic() + 10
        while not condition():
            if time.monotonic() > deadline:
                sys.exit('timed out waiting for ' + what + '; the hub lists ' + str(hub_players()))
            while context.iteration(False):
                pass
            time.sleep(0.005)

    PROPERTIES = 'org.freedesktop.DBus.Properties'
    PLAYER = 'org.mpris.MediaPlayer2.Player'

    """

  /// `rounds` times: `count` players, each on a connection of its own, appear (answering GetAll
  /// as paused players), the script waits until the hub lists them all, then they all vanish and
  /// it waits until the hub lists none of them. Prints `round N` after each round.
  static func churn(rounds: Int, count: Int) -> String {
    prelude + """
      class Player(dbus.service.Object):
          @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
          def GetAll(self, interface):
              return {'PlaybackStatus': 'Paused', 'Metadata': dbus.Dictionary({}, signature='sv')}

      names = ['org.mpris.MediaPlayer2.churn%d' % index for index in range(\(count))]
      for round in range(\(rounds)):
          players = []
          for name in names:
              connection = dbus.bus.BusConnection(address)
              player = Player(connection, '/org/mpris/MediaPlayer2')
              connection.request_name(name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
              players.append((connection, player))
          wait_until(lambda: all(name in hub_players() for name in names), 'all players listed')
          for connection, player in players:
              player.remove_from_connection()
              connection.close()
          wait_until(lambda: not any(name in hub_players() for name in names), 'no player listed')
          print('round', round + 1, flush=True)
      """
  }
}
