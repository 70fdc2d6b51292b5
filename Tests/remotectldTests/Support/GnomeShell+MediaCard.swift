import BusTestSupport
import Foundation

/// One card of GNOME Shell 43's media section (`ui/mpris.js`'s `MediaMessage`), as a person reads
/// it and presses it.
extension GnomeShell {
  /// What a card shows: the title line, the body line (the artists, joined), and the cover
  /// (the file its icon shows, `mpris:artUrl`; empty for the fallback icon).
  struct MediaCard: Equatable, Sendable {
    var title: String
    var body: String
    var cover: String
  }

  /// The card of the player `busName`, as its labels show it; `nil` while the media section
  /// shows none for it.
  func mediaCard(of busName: String) async throws -> MediaCard? {
    // Each label percent-encoded (apostrophes too), so that neither JSON nor gdbus's quoting
    // changes it on the way.
    let text = try await eval(
      """
      (() => {
        const m = \(Self.card(busName));
        if (!m) return '';
        const e = (s) => encodeURIComponent(s ?? '').replace(/'/g, '%27');
        const cover = m._icon.gicon && m._icon.gicon.get_file ? m._icon.gicon.get_file().get_uri() : '';
        return [m.titleLabel.get_text(), m.bodyLabel.get_text(), cover].map(e).join('|');
      })()
      """)
    let fields = text.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(
      separator: "|", omittingEmptySubsequences: false)
    guard fields.count == 3 else { return nil }
    let decoded = fields.map { $0.removingPercentEncoding ?? String($0) }
    return MediaCard(title: decoded[0], body: decoded[1], cover: decoded[2])
  }

  /// Clicks the play/pause button of the card of the player `busName`, as a person's click does
  /// (the button's `clicked`, whose handler calls the player's `PlayPause`).
  func pressPlayPause(on busName: String) async throws {
    let pressed = try await eval(
      """
      (() => {
        const m = \(Self.card(busName));
        if (!m) return false;
        m._playPauseButton.emit('clicked', 1);
        return true;
      })()
      """)
    guard pressed == "true" else { throw TestFailure("GNOME Shell shows no card for \(busName)") }
  }

  /// The script that finds the card of `busName` in the media section.
  private static func card(_ busName: String) -> String {
    "Main.panel.statusArea.dateMenu._messageList._mediaSection._messages.find(m => m._player._busName === '\(busName)')"
  }
}
