internal import CALSA

/// Every call into alsa-lib, and the translation of its negative error numbers into
/// ``AudioOutputError``.
enum ALSACalls {
  /// Opens `device` for playback of 32-bit float stereo in `format`, with about
  /// `latencyMilliseconds` of buffer, resampling in software if the device needs it.
  ///
  /// The corresponding C functions are `snd_pcm_open` and `snd_pcm_set_params`.
  static func openPlayback(device: String, format: AudioFormat, latencyMilliseconds: Int)
    throws(AudioOutputError) -> OpaquePointer
  {
    _ = calsa_silence_library_errors()
    var pcm: OpaquePointer?
    var result = snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, 0)
    guard result >= 0, let pcm else {
      throw AudioOutputError(
        .alsaUnavailable,
        "Cannot open ALSA device \"\(device)\": \(describe(result)). Check that a sound card "
          + "exists (aplay -l) and is not busy, or choose another output (pulse, wav:PATH, null).",
        summary: "ALSA device \"\(device)\" did not open: \(describe(result))")
    }
    result = snd_pcm_set_params(
      pcm, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(format.channelCount),
      UInt32(format.sampleRate), 1, UInt32(latencyMilliseconds * 1000))
    guard result >= 0 else {
      snd_pcm_close(pcm)
      throw AudioOutputError(
        .alsaUnavailable,
        "ALSA device \"\(device)\" refused \(format), 32-bit float: \(describe(result)). Try "
          + "another device or output (pulse, wav:PATH, null).")
    }
    return pcm
  }

  /// Plays all of `samples` (interleaved stereo float frames), blocking while the device is
  /// full, and recovering once from an underrun or a suspend.
  ///
  /// The corresponding C functions are `snd_pcm_writei` and `snd_pcm_recover`.
  static func write(_ pcm: OpaquePointer, _ samples: UnsafeBufferPointer<Float>, channels: Int)
    throws(AudioOutputError)
  {
    guard var next = samples.baseAddress else { return }
    var framesLeft = samples.count / channels
    var recovered = false
    while framesLeft > 0 {
      let written = snd_pcm_writei(pcm, next, snd_pcm_uframes_t(framesLeft))
      if written >= 0 {
        framesLeft -= Int(written)
        next += Int(written) * channels
        recovered = false
        continue
      }
      // -EPIPE (underrun), -ESTRPIPE (suspended) and -EINTR are recoverable.
      if !recovered && snd_pcm_recover(pcm, Int32(written), 1) >= 0 {
        recovered = true
        continue
      }
      throw AudioOutputError(
        .playbackFailed, "ALSA stopped taking sound: \(describe(Int32(written))).")
    }
  }

  /// Drops what the device has not played yet, and makes it ready for the next write.
  ///
  /// The corresponding C functions are `snd_pcm_drop` and `snd_pcm_prepare`.
  static func drop(_ pcm: OpaquePointer) {
    _ = snd_pcm_drop(pcm)
    _ = snd_pcm_prepare(pcm)
  }

  /// Plays what is queued, then closes the device.
  ///
  /// The corresponding C functions are `snd_pcm_drain` and `snd_pcm_close`.
  static func drainAndClose(_ pcm: OpaquePointer) {
    _ = snd_pcm_drain(pcm)
    _ = snd_pcm_close(pcm)
  }

  /// alsa-lib's words for `error`, such as "No such file or directory".
  ///
  /// The corresponding C function is `snd_strerror`.
  private static func describe(_ error: Int32) -> String {
    guard let text = snd_strerror(error) else { return "error \(error)" }
    return String(cString: text)
  }
}
