# churn_players.py ROUNDS COUNT: ROUNDS times, COUNT players, each on a connection of its own,
# appear (answering GetAll as paused players); it waits until the hub lists them all, then they
# all vanish and it waits until the hub lists none of them. Prints `round N` after each round.
import sys

import dbus
import dbus.service

from hub_observer import PROPERTIES, address, hub_players, wait_until


class Player(dbus.service.Object):
    @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        return {'PlaybackStatus': 'Paused', 'Metadata': dbus.Dictionary({}, signature='sv')}


rounds, count = int(sys.argv[1]), int(sys.argv[2])
names = ['org.mpris.MediaPlayer2.churn%d' % index for index in range(count)]
for round in range(rounds):
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
