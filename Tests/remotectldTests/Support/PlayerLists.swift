import BusTestSupport
import Foundation

/// The lists of this machine's players that the phone links would send a phone, made by a Python
/// program (below) that reimplements each link's own filter, read from its sources, since none of
/// them runs here. Kept in this file, not beside it, so that the package lists no resource for it.
enum PlayerLists {
  /// Each link's list, by link (`kdeconnect`, `gsconnect`, `valent`), of the players on `bus`.
  static func lists(on bus: PrivateBus) async throws -> [String: [String]] {
    let path = bus.directory.appendingPathComponent("player_lists.py").path
    if !FileManager.default.fileExists(atPath: path) {
      try program.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let result = try await bus.run(PythonPlayers.python, [path])
    guard result.status == 0 else { throw TestFailure("player_lists.py failed: \(result.error)") }
    var lists: [String: [String]] = [:]
    for line in result.output.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let entries = line[line.index(after: colon)...].dropFirst()
      lists[String(line[..<colon])] = entries.isEmpty ? [] : entries.split(separator: "|").map(String.init)
    }
    return lists
  }

  /// player_lists.py.
  static let program = """
    # player_lists.py: the lists of this machine's players that the phone links would send a phone,
    # one line each, `LINK: ENTRY|ENTRY|...` (PhoneRemoteTests, ProxyListTests). A reimplementation of
    # each link's own filter, read from its sources, since none of them runs here:
    #
    # - kdeconnect: KDE Connect's mpriscontrol plugin (MprisControlPlugin::serviceOwnerChanged and
    #   addPlayer): every name starting `org.mpris.MediaPlayer2.`, but those starting
    #   `org.mpris.MediaPlayer2.kdeconnect.` and exactly `org.mpris.MediaPlayer2.playerctld`; each
    #   entry is the player's Identity (the name after the prefix when empty), and a second entry with
    #   the same Identity is `Identity [2]`, a third `Identity [3]`.
    # - gsconnect: GSConnect's MPRIS component (src/service/components/mpris.js): every name starting
    #   `org.mpris.MediaPlayer2` that does not contain `GSConnect`; each entry is the Identity, and a
    #   player whose Identity is empty is left out (`Manager.getIdentities`).
    # - valent: Valent's MPRIS adapter (valent-mpris-adapter.c): every name starting
    #   `org.mpris.MediaPlayer2` but those starting `org.mpris.MediaPlayer2.Valent`; each entry is
    #   the Identity, an empty one too (`valent_mpris_player_get_name`), printed as `""`.
    import dbus

    PREFIX = 'org.mpris.MediaPlayer2'
    bus = dbus.SessionBus()
    names = sorted(str(name) for name in bus.list_names())


    def identity(name):
        try:
            player = bus.get_object(name, '/org/mpris/MediaPlayer2')
            return str(player.Get(PREFIX, 'Identity', dbus_interface='org.freedesktop.DBus.Properties'))
        except dbus.DBusException:
            return ''


    def kdeconnect():
        entries = []
        for name in names:
            if not name.startswith(PREFIX + '.') or name.startswith(PREFIX + '.kdeconnect.'):
                continue
            if name == PREFIX + '.playerctld':
                continue
            shown = identity(name) or name[len(PREFIX) + 1:]
            unique, number = shown, 2
            while unique in entries:
                unique, number = '%s [%d]' % (shown, number), number + 1
            entries.append(unique)
        return entries


    def gsconnect():
        shown = [identity(name) for name in names if name.startswith(PREFIX) and 'GSConnect' not in name]
        return [entry for entry in shown if entry]


    def valent():
        # An empty Identity is an empty name on the phone, shown here as "".
        return [identity(name) or '""' for name in names if name.startswith(PREFIX) and not name.startswith(PREFIX + '.Valent')]


    for link, entries in [('kdeconnect', kdeconnect()), ('gsconnect', gsconnect()), ('valent', valent())]:
        print('%s: %s' % (link, '|'.join(entries)), flush=True)
    """
}
