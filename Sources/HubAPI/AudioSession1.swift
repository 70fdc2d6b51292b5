package import DBus

/// `io.github.swift_remote_control.AudioSession1`, the hub's audio session: interruptions (a
/// call), whom they paused and will resume, how players match sound-server streams, and their
/// stream volumes.
package enum AudioSession1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.AudioSession1"

  /// The interface's methods.
  package enum Method {
    /// `BeginInterruption()`: an interruption asked for by a program the sound server cannot tell.
    package static let beginInterruption = "BeginInterruption"
    /// `EndInterruption()`: its end.
    package static let endInterruption = "EndInterruption"
    /// `StreamVolume(s player) → d`: the volume of a player's own sound-server streams.
    package static let streamVolume = "StreamVolume"
    /// `SetStreamVolume(s player, d level) → d`: sets it.
    package static let setStreamVolume = "SetStreamVolume"
  }

  /// The interface's properties.
  package enum Property {
    /// `Interrupting` (`b`, announced): whether an interruption is under way.
    package static let interrupting = "Interrupting"
    /// `Interrupted` (`as`, announced): the players it interrupted.
    package static let interrupted = "Interrupted"
    /// `WillResume` (`as`, announced): those its end will resume.
    package static let willResume = "WillResume"
    /// `Silenced` (`as`, announced): the remote players (AirPlay) whose streams the hub mutes now.
    package static let silenced = "Silenced"
    /// `Unmatched` (`a(ss)`): players not matched to a sound-server stream, and why.
    package static let unmatched = "Unmatched"
    /// `Matches` (`a(sss)`): every player, how it is matched, and the evidence.
    package static let matches = "Matches"
    /// `VolumeControls` (`a(sss)`): every player's volume control, and why.
    package static let volumeControls = "VolumeControls"
    /// `SoundServer` (`s`): empty while the hub watches the sound server, else why not.
    package static let soundServer = "SoundServer"
    /// `PausesForSleep` (`b`): whether the system's sleep pauses the players.
    package static let pausesForSleep = "PausesForSleep"
    /// `Exclusive` (`b`): whether one player plays at a time.
    package static let exclusive = "Exclusive"
    /// `Logind` (`s`): empty while the hub follows logind's sleep, else why not.
    package static let logind = "Logind"
  }

  /// The interface's errors: `io.github.swift_remote_control.AudioSession1.Error.<Code>`.
  package enum ErrorName {
    /// No player has the bus name asked for.
    package static let unknownPlayer = AudioSession1.errorName("UnknownPlayer")
    /// The player has no stream of its own on the sound server now.
    package static let noStream = AudioSession1.errorName("NoStream")
    /// The sound server did not answer, or refused.
    package static let soundServer = AudioSession1.errorName("SoundServer")
  }

  /// The error named `code` (`NoStream`): `io.github.swift_remote_control.AudioSession1.Error.<code>`.
  package static func errorName(_ code: String) -> BusError.Name {
    BusError.Name(rawValue: interface + ".Error." + code)
  }
}
