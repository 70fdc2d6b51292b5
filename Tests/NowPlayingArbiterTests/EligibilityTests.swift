import NowPlayingArbiter
import Testing

/// Players that may not be Now Playing (a Bluetooth device's own player that makes no sound
/// here): listed, reachable by name, never chosen.
@Suite("Eligibility: listed but never Now Playing")
struct EligibilityTests {
  static func ineligible(_ player: String, _ bench: inout Bench, _ isEligible: Bool = false) {
    bench.arbiter.apply(.eligibilityChanged(owner: Bench.owner(player), isEligible: isEligible))
  }

  @Test func `a player told before it appears is listed but never active, even playing alone`() {
    var bench = Bench()
    Self.ineligible("headphones", &bench)
    bench.appear("headphones", playing: true)
    #expect(bench.order == ["headphones"])
    #expect(bench.active == nil)
    #expect(bench.arbiter.candidate(named: "headphones")?.owner == Bench.owner("headphones"))
  }

  @Test func `an ineligible player that plays never takes over from a paused app, and is listed last`() {
    var bench = Bench(appearing: ["music": .idle, "headphones": .idle])
    Self.ineligible("headphones", &bench)
    bench.play("headphones")
    #expect(bench.active == "music")
    #expect(bench.order == ["music", "headphones"])
  }

  @Test func `the active player told it is ineligible gives way; select, shift and unshift skip it`() {
    var bench = Bench(appearing: ["music": .idle, "phone": .playing])
    #expect(bench.active == "phone")
    Self.ineligible("phone", &bench)
    #expect(bench.active == "music")
    bench.select("phone")
    #expect(bench.active == "music")
    bench.shift()
    #expect(bench.active == "music")
    bench.unshift()
    #expect(bench.active == "music")
  }

  @Test func `a player that becomes eligible while it plays has started playing`() {
    var bench = Bench()
    Self.ineligible("phone", &bench)
    bench.appear("phone", playing: true)
    bench.appear("music", playing: false)
    #expect(bench.active == "music")
    Self.ineligible("phone", &bench, true)
    #expect(bench.active == "phone")
    #expect(bench.order == ["phone", "music"])
  }

  @Test func `a player that vanishes forgets it was ineligible`() {
    var bench = Bench()
    Self.ineligible("phone", &bench)
    bench.appear("phone", playing: true)
    bench.vanish("phone")
    bench.appear("phone", playing: true)
    #expect(bench.active == "phone")
  }
}
