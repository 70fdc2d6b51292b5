import BusTestSupport
import Foundation
import RemoteControl
import Testing

@testable import binaural

/// How far ← and → skip is one constant, `Player.skipInterval`: the keys, their legend in the
/// view, the skip commands' preferred interval, and the README all say the same number.
@Suite("binaural's skip interval, one number everywhere", .timeLimit(.minutes(3)))
struct SkipIntervalTests {
  static let seconds = Player.skipInterval.components.seconds

  @Test func `the README's "←/→ skip N s" is binaural's skip interval`() throws {
    let readme = try Readme.text()
    #expect(
      readme.contains("←/→ skip \(Self.seconds) s"), "README.md says another interval than \(Self.seconds) s")
  }

  @Test func `the keys skip by the interval and the legend names it`() {
    #expect(KeyCommands.help.contains("←/→ ∓\(Self.seconds) s"), "\(KeyCommands.help)")
    let forward = KeyCommands.command(for: .arrow(forward: true, shifted: false), volume: 1, seeking: nil)
    #expect(forward == .skipForward(Player.skipInterval))
    let backward = KeyCommands.command(for: .arrow(forward: false, shifted: false), volume: 1, seeking: nil)
    #expect(backward == .skipBackward(Player.skipInterval))
  }
}
