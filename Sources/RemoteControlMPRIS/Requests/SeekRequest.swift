import RemoteControl

/// What a call of `org.mpris.MediaPlayer2.Player.Seek(x Offset)` asks for, given where playback
/// is: skip forward or backward by the offset, clamped at the start; past the end, go to the
/// next track (as the spec says). A zero offset is delivered as a skip of zero, which moves
/// nothing but reaches the app like any event: a controller probes delivery with it
/// (`remotectl doctor` does), and learns when the app is not receiving events.
enum SeekRequest: Sendable, Hashable {
  /// Nothing to do: seeking back from the very start.
  case none
  /// Send ``RemoteControlEvent/Command/skipForward(_:)`` with this interval.
  case skipForward(Duration)
  /// Send ``RemoteControlEvent/Command/skipBackward(_:)`` with this interval.
  case skipBackward(Duration)
  /// Send ``RemoteControlEvent/Command/nextTrack``: the offset goes past the end.
  case nextTrack

  /// The request for `offset` from `position`, in an item of `length` (unknown: `nil`).
  init(offset: Microseconds, position: Microseconds, length: Microseconds?) {
    if offset.rawValue > 0 {
      let (target, overflow) = position.rawValue.addingReportingOverflow(offset.rawValue)
      if let length, overflow || target > length.rawValue {
        self = .nextTrack
      } else {
        self = .skipForward(offset.magnitude)
      }
    } else if offset.rawValue < 0 {
      let back = min(offset.rawValue.magnitude, UInt64(max(position.rawValue, 0)))
      self = back == 0 ? .none : .skipBackward(.microseconds(back))
    } else {
      self = .skipForward(.zero)
    }
  }

  /// The command to send, if any.
  var command: RemoteControlEvent.Command? {
    switch self {
    case .none: nil
    case .skipForward(let interval): .skipForward(interval)
    case .skipBackward(let interval): .skipBackward(interval)
    case .nextTrack: .nextTrack
    }
  }
}
