package import RemoteControl

/// Tells, from successive Now Playing snapshots, when the position jumped: the moment a
/// backend tells its controllers that playback moved (MPRIS's `Seeked` signal, say) rather than
/// letting them extrapolate.
///
/// A jump is a new position report (a changed ``PositionState`` or report time) whose position
/// differs from where the previous state would have put playback by then, by more than a
/// tolerance. Normal progress, a pause or a rate change reported at the position reached are not
/// jumps; neither is the first report for a new item (apps set the new item's info first, then
/// its position). Nothing here reads a clock: the snapshots carry their report times.
package struct PositionJumpDetector: Sendable {
  /// How far a report may be from the extrapolated position without being a jump.
  package let tolerance: Duration

  private var previous: NowPlayingSnapshot?
  /// The item of the last position report; `.some(nil)` when it was made with no item.
  private var itemOfLastReport: NowPlayingInfo??

  /// A detector that has seen no snapshot.
  package init(tolerance: Duration) {
    self.tolerance = tolerance
  }

  /// Takes in the next snapshot.
  ///
  /// - Returns: The new position when it jumped; `nil` otherwise.
  package mutating func position(after snapshot: NowPlayingSnapshot) -> Duration? {
    defer { previous = snapshot }
    guard let previous else {
      if snapshot.positionState != nil { itemOfLastReport = .some(snapshot.info) }
      return nil
    }
    let isNewReport =
      snapshot.positionState != previous.positionState
      || snapshot.positionReportedAt != previous.positionReportedAt
    guard isNewReport, let reported = snapshot.positionState else { return nil }
    let sameItem = itemOfLastReport.map { Self.isSameItem($0, snapshot.info) } ?? false
    itemOfLastReport = .some(snapshot.info)
    guard sameItem else { return nil }
    let expected = previous.position(at: snapshot.positionReportedAt)
    let gap = reported.position - expected
    guard gap > tolerance || gap < .zero - tolerance else { return nil }
    return reported.position
  }

  /// Whether two items are the same, nothing playing being an item of its own.
  private static func isSameItem(_ before: NowPlayingInfo?, _ after: NowPlayingInfo?) -> Bool {
    switch (before, after) {
    case (nil, nil): true
    case (let before?, let after?): before.isSameItem(as: after)
    case (nil, _?), (_?, nil): false
    }
  }
}
