import RemoteControl

/// What writing `org.mpris.MediaPlayer2.Player.Volume` asks for: a negative volume is 0 (as the
/// spec says); a volume that is not a finite number is refused.
struct VolumeRequest: Sendable, Hashable {
  /// The volume to set, 0 or more.
  var volume: Double

  /// The request for `volume`.
  ///
  /// - Throws: ``RequestRefusal`` for NaN or an infinite volume.
  init(volume: Double) throws(RequestRefusal) {
    guard volume.isFinite else {
      throw RequestRefusal("Volume \(volume) is not a finite number; 0 is silence and 1 full volume")
    }
    self.volume = max(volume, 0)
  }

  /// The command to send.
  var command: RemoteControlEvent.Command { .changeVolume(volume) }
}
