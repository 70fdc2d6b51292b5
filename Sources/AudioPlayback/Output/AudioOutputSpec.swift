/// Which output to play to, as a user names it on a command line (`--output pulse`).
///
/// The accepted forms are ``accepted``: `auto`, `pulse`, `pulse:SERVER`, `alsa`, `alsa:DEVICE`,
/// `wav:PATH` and `null`.
package enum AudioOutputSpec: Sendable, Hashable, CustomStringConvertible {
  /// PulseAudio if a server answers, else ALSA's default device, else ``null`` with a notice.
  case automatic
  /// A PulseAudio (or PipeWire) server: `server` as libpulse names it (`unix:/run/…/native`),
  /// or nil for the default.
  case pulseAudio(server: String?)
  /// An ALSA device, such as "default".
  case alsa(device: String)
  /// A RIFF/WAVE file at `path`, written in real time.
  case wav(path: String)
  /// No sound, in real time.
  case null

  /// The forms `init(parsing:)` accepts, for help texts and messages.
  package static let accepted = "auto, pulse, pulse:SERVER, alsa, alsa:DEVICE, wav:PATH, null"

  /// Parses `text`, one of ``accepted``.
  ///
  /// - Throws: ``AudioOutputError/Code/invalidSpec``, naming the accepted forms.
  package init(parsing text: String) throws(AudioOutputError) {
    var kind = Substring(text)
    var argument: String?
    if let colon = text.firstIndex(of: ":") {
      kind = text[..<colon]
      argument = String(text[text.index(after: colon)...])
    }
    switch (kind.lowercased(), argument) {
    case ("auto", nil): self = .automatic
    case ("pulse", nil): self = .pulseAudio(server: nil)
    case ("pulse", let server?) where !server.isEmpty: self = .pulseAudio(server: server)
    case ("alsa", nil): self = .alsa(device: "default")
    case ("alsa", let device?) where !device.isEmpty: self = .alsa(device: device)
    case ("wav", let path?) where !path.isEmpty: self = .wav(path: path)
    case ("null", nil): self = .null
    case ("wav", _):
      throw AudioOutputError(.invalidSpec, "Output \"\(text)\" needs a file: wav:PATH.")
    default:
      throw AudioOutputError(
        .invalidSpec, "Unknown output \"\(text)\"; use one of: \(Self.accepted).")
    }
  }

  /// Parses `spec` and opens that output; see ``open(applicationName:streamName:format:pulseServer:role:onEvent:)``.
  package static func open(
    _ spec: String, applicationName: String = "Binaural", streamName: String = "Binaural",
    format: AudioFormat = .standard
  ) throws(AudioOutputError) -> sending OpenedAudioOutput {
    try AudioOutputSpec(parsing: spec).open(
      applicationName: applicationName, streamName: streamName, format: format)
  }

  /// Opens the output.
  ///
  /// `.automatic` never fails: when neither PulseAudio nor ALSA answers it returns a
  /// ``NullOutput`` and a one-line ``OpenedAudioOutput/notice`` saying why, for the app to show.
  ///
  /// - Parameters:
  ///   - applicationName: The client name sound mixers show (PulseAudio).
  ///   - streamName: The stream name sound mixers show (PulseAudio).
  ///   - format: The format the output takes.
  ///   - pulseServer: The PulseAudio server `.automatic` and `.pulseAudio(server: nil)` try; nil
  ///     for libpulse's default (`PULSE_SERVER`, then the user's own server).
  ///   - role: The PulseAudio stream's `media.role` (`music`, `phone`); the other outputs have none.
  ///   - onEvent: Hears the PulseAudio stream's events (``PulseAudioOutput/init(server:applicationName:streamName:format:role:onEvent:)``);
  ///     the other outputs have none.
  /// - Throws: ``AudioOutputError`` when an output named explicitly cannot be opened.
  package func open(
    applicationName: String = "Binaural", streamName: String = "Binaural",
    format: AudioFormat = .standard, pulseServer: String? = nil, role: String? = nil,
    onEvent: (@Sendable (AudioOutputEvent) -> Void)? = nil
  ) throws(AudioOutputError) -> sending OpenedAudioOutput {
    switch self {
    case .automatic:
      let pulseError: AudioOutputError
      do {
        return OpenedAudioOutput(
          try PulseAudioOutput(
            server: pulseServer, applicationName: applicationName, streamName: streamName,
            format: format, role: role, onEvent: onEvent))
      } catch {
        pulseError = error
      }
      do {
        return OpenedAudioOutput(try ALSAOutput(device: "default", format: format))
      } catch {
        return OpenedAudioOutput(
          NullOutput(format: format),
          notice: "No sound device (\(pulseError.summary); \(error.summary)): playing "
            + "silently. Start PulseAudio or PipeWire, or choose the wav:PATH output.")
      }
    case .pulseAudio(let server):
      return OpenedAudioOutput(
        try PulseAudioOutput(
          server: server ?? pulseServer, applicationName: applicationName,
          streamName: streamName, format: format, role: role, onEvent: onEvent))
    case .alsa(let device):
      return OpenedAudioOutput(try ALSAOutput(device: device, format: format))
    case .wav(let path):
      return OpenedAudioOutput(try WAVFileOutput(path: path, format: format))
    case .null:
      return OpenedAudioOutput(NullOutput(format: format))
    }
  }

  /// The spec as a user writes it: "auto", "pulse:unix:/tmp/native", "wav:out.wav"…
  package var description: String {
    switch self {
    case .automatic: "auto"
    case .pulseAudio(let server): server.map { "pulse:\($0)" } ?? "pulse"
    case .alsa(let device): device == "default" ? "alsa" : "alsa:\(device)"
    case .wav(let path): "wav:\(path)"
    case .null: "null"
    }
  }
}
