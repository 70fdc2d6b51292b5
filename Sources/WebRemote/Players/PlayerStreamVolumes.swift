/// Where the web remote reaches a player's own streams on the sound server (its sink inputs),
/// for players whose MPRIS `Volume` is missing or read-only; `remotectld`'s audio session, which
/// matches players to their streams, provides it.
///
/// Levels are fractions of the sound server's 100 %, the scale `pactl` shows as a percent (0.3
/// is 30 %).
package protocol PlayerStreamVolumes: Sendable {
  /// The level of the streams of the player whose connection is `owner` (`:1.42`): the loudest
  /// of their channels. Throws ``APIError/Code/notOffered`` when the player has no stream of its
  /// own now, saying why; ``APIError/Code/unavailable`` when the sound server fails.
  func streamLevel(of owner: String) async throws(APIError) -> Double
  /// Sets the streams of the player whose connection is `owner` to `level` (0 … 1); returns the
  /// level set. Throws as ``streamLevel(of:)``.
  func setStreamLevel(_ level: Double, of owner: String) async throws(APIError) -> Double
}
