import RemoteControl
import Testing

@testable import binaural

/// The view's notices hold an address or a path to copy: they wrap between words, so what is to
/// be copied stays whole on one line.
@Suite("binaural's notices wrap between words", .timeLimit(.minutes(3)))
struct NoticeWrapTests {
  static let address =
    "unix:path=/tmp/swift-remote-control/bus-1a2b3c4d,guid=0123456789abcdef0123456789abcdef"
  static let notice =
    "no session bus, so a private one is running until binaural exits; try: DBUS_SESSION_BUS_ADDRESS=\(address) "
    + "playerctl status  (remotectl finds it by itself)"

  @Test(arguments: [60, 80, 100, 140])
  func `the bus address is never split, and lines break only between words`(width: Int) {
    let screen = NowPlayingScreen(
      info: nil, state: .paused, position: 0, duration: 1200, rate: 1, volume: 1, seeking: nil,
      notices: [Self.notice])
    let lines = screen.lines(width: width)
    let assignment = "DBUS_SESSION_BUS_ADDRESS=\(Self.address)"
    #expect(lines.contains { $0.contains(assignment) }, "\(lines)")
    // Only a line holding a single word longer than the width may exceed it.
    for line in lines where line.count > width {
      #expect(line.trimmingPrefix("  ").split(separator: " ").count == 1, "\(line)")
    }
    // Every word of the notice is on the screen, whole.
    let shown = lines.flatMap { $0.split(separator: " ") }
    for word in Self.notice.split(separator: " ") {
      #expect(shown.contains(word), "\(word) in \(lines)")
    }
  }

  @Test func `a word longer than a line gets a line of its own, whole`() {
    let long = String(repeating: "x", count: 25)
    #expect(NowPlayingScreen.wrap("short \(long) end", width: 10) == ["short", long, "end"])
    #expect(NowPlayingScreen.wrap("a b  c", width: 10) == ["a b c"])
  }
}
