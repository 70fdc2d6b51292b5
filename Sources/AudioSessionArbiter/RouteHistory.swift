/// Which players played on each output (a sound-server sink), so that a lost output pauses
/// whoever played on it however the server reports the loss.
///
/// A server that removes a sink reports its streams' fate and the sink's removal in an order of
/// its own: the streams moved to another sink, or ended (Firefox's), or the player recreated
/// its stream elsewhere, before or after the removal arrives. So each stream's sink is kept
/// while the stream lives, and after it left the sink (moved or ended) for ``window``, at most
/// ``capacity`` departures: the players of a lost sink are those of the streams on it now and of
/// those that left it within the window before the loss. A stream that left long ago (a
/// player stopped on the headphones, then played on the speakers) does not count.
///
/// A pure value: the hub tells it each stream's sink and owners with the instant it learned
/// them.
package struct RouteHistory: Sendable {
  /// How long a stream that left a sink still counts as the sink's.
  package let window: Duration
  /// The most departures kept.
  package let capacity: Int

  private struct Placement: Sendable {
    var sink: UInt32
    var owners: Set<String>
  }

  private struct Departure: Sendable {
    var stream: UInt32
    var sink: UInt32
    var owners: Set<String>
    var instant: ContinuousClock.Instant
  }

  private var streams: [UInt32: Placement] = [:]
  /// Oldest first.
  private var departures: [Departure] = []

  /// An empty history; a departure counts for `window`, and at most `capacity` are kept.
  package init(window: Duration = .seconds(2), capacity: Int = 256) {
    self.window = window
    self.capacity = max(1, capacity)
  }

  /// The stream `index` plays on `sink` for `owners` (the players it belongs to, maybe none yet);
  /// a stream that moved leaves its former sink at `instant`.
  package mutating func stream(
    _ index: UInt32, playsOn sink: UInt32, for owners: Set<String>,
    at instant: ContinuousClock.Instant
  ) {
    if let old = streams[index], old.sink != sink {
      depart(Departure(stream: index, sink: old.sink, owners: old.owners, instant: instant))
    }
    streams[index] = Placement(sink: sink, owners: owners)
  }

  /// The players the stream `index` belongs to changed (a player's process was learned after
  /// the stream appeared, or the player left).
  package mutating func stream(_ index: UInt32, belongsTo owners: Set<String>) {
    streams[index]?.owners = owners
    for position in departures.indices where departures[position].stream == index {
      departures[position].owners = owners
    }
  }

  /// The stream `index` ended at `instant`; its sink is remembered for ``window``.
  package mutating func streamEnded(_ index: UInt32, at instant: ContinuousClock.Instant) {
    guard let old = streams.removeValue(forKey: index) else { return }
    depart(Departure(stream: index, sink: old.sink, owners: old.owners, instant: instant))
  }

  /// The players that played on `sink`, lost at `instant`: those of its streams now and of the
  /// streams that left it within ``window`` before.
  package func owners(lostWith sink: UInt32, at instant: ContinuousClock.Instant) -> Set<String> {
    var owners = Set<String>()
    for placement in streams.values where placement.sink == sink { owners.formUnion(placement.owners) }
    for departure in departures where departure.sink == sink && instant - departure.instant <= window {
      owners.formUnion(departure.owners)
    }
    return owners
  }

  /// The sink the stream `index` plays on, `nil` when it is not known or ended.
  package func sink(of index: UInt32) -> UInt32? { streams[index]?.sink }

  /// How many departures are kept (at most ``capacity``).
  package var departureCount: Int { departures.count }

  /// Forgets everything (the sound server went away; the next numbers its own from the start).
  package mutating func removeAll() {
    streams = [:]
    departures = []
  }

  private mutating func depart(_ departure: Departure) {
    departures.removeAll { departure.instant - $0.instant > window }
    departures.append(departure)
    if departures.count > capacity { departures.removeFirst(departures.count - capacity) }
  }
}
