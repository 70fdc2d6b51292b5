import BusTestSupport

/// Python programs (python3-dbus with a GLib main loop, in `.py` files beside this one) that
/// play MPRIS players no real program would: many at once, or ones that publish nonsense.
/// Debian's `/usr/bin/python3` runs them (a pyenv one on PATH may lack python3-dbus).
enum PythonPlayers {
  /// The interpreter with python3-dbus.
  static let python = "/usr/bin/python3"

  /// What the programs need to import `hub_observer.py`, beside this file, which they share:
  /// the bus, a GLib loop, `wait_until` (runs the loop until a condition holds, at most 10 s) and
  /// `hub_players()` (the hub's Players).
  static let environment = PythonProgram.importing(PythonProgram.folder())

  /// `rounds` times: `count` players, each on a connection of its own, appear (answering GetAll
  /// as paused players), the script waits until the hub lists them all, then they all vanish and
  /// it waits until the hub lists none of them. Prints `round N` after each round.
  ///
  /// - Returns: The arguments that run it that run it: `churn_players.py ROUNDS COUNT`.
  static func churn(rounds: Int, count: Int) -> [String] {
    [PythonProgram.path("churn_players.py"), "\(rounds)", "\(count)"]
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
  static let nonsense = PythonProgram.path("nonsense_players.py")
}
