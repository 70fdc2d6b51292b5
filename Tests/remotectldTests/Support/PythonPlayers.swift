import HubAPI

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
    hub = observer.get_object('\(HubAddress.busName)', '/org/mpris/MediaPlayer2')

    def hub_players():
        return [str(name) for name in hub.Get('\(Hub1.interface)', 'Players',
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

  /// Three players that publish nonsense, each on a connection of its own, serving until
  /// killed; prints `ready` once the hub lists them all.
  ///
  /// - `strange` answers GetAll with an `mpris:trackid` that is a string (not an object path),
  ///   an `mpris:length` that is a double, a Volume that is a string and a property MPRIS does not
  ///   have; every Get fails.
  /// - `nometa` has no Metadata at all.
  /// - `failing` answers every GetAll and Get with an error.
  ///
  /// Each plays and pauses on `Play` and `Pause`, announcing the new PlaybackStatus (`strange`
  /// with a new nonsense Metadata as well).
  static let nonsense =
    prelude + """
      class Player(dbus.service.Object):
          def __init__(self, connection, name):
              dbus.service.Object.__init__(self, connection, '/org/mpris/MediaPlayer2')
              self.name = name
              self.status = 'Paused'
              self.track = 1

          def metadata(self):
              return dbus.Dictionary({'mpris:trackid': dbus.String('track-%d' % self.track),
                                      'mpris:length': dbus.Double(3.5)}, signature='sv')

          @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
          def GetAll(self, interface):
              if self.name == 'failing':
                  raise dbus.exceptions.DBusException('everything fails', name='org.example.Error.Broken')
              if self.name == 'nometa':
                  return {'PlaybackStatus': self.status}
              return {'PlaybackStatus': self.status, 'Metadata': self.metadata(), 'Volume': 'loud',
                      'NoSuchProperty': dbus.Array([dbus.Int32(1)], signature='i')}

          @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
          def Get(self, interface, name):
              raise dbus.exceptions.DBusException('no Get here', name='org.example.Error.Broken')

          @dbus.service.signal(PROPERTIES, signature='sa{sv}as')
          def PropertiesChanged(self, interface, changed, invalidated):
              pass

          def announce(self, status):
              self.status = status
              changed = {'PlaybackStatus': status}
              if self.name == 'strange':
                  self.track += 1
                  changed['Metadata'] = self.metadata()
              self.PropertiesChanged(PLAYER, changed, dbus.Array([], signature='s'))

          @dbus.service.method(PLAYER)
          def Play(self):
              self.announce('Playing')

          @dbus.service.method(PLAYER)
          def Pause(self):
              self.announce('Paused')

      players = []
      for name in ['strange', 'nometa', 'failing']:
          connection = dbus.bus.BusConnection(address)
          players.append(Player(connection, name))
          connection.request_name('org.mpris.MediaPlayer2.' + name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
      wait_until(lambda: all('org.mpris.MediaPlayer2.' + name in hub_players()
                             for name in ['strange', 'nometa', 'failing']), 'the hub lists them')
      print('ready', flush=True)
      GLib.MainLoop().run()
      """
}
