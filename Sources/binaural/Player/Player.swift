import AudioPlayback
import FoundationEssentials
import Logging
import RemoteControl

/// Binaural's player: which preset plays, where, how fast and how loud, kept in step with the
/// application's Now Playing info.
///
/// The sound comes from a ``BeatPlayer``: playing, pausing, the preset, the volume and the rate
/// are heard as soon as they change. Time is the real (continuous) clock, whatever the output
/// (the null output keeps real time too). The player
/// reports its position to the Now Playing info center only when it jumps or the rate changes,
/// and waits for the end of a preset with one sleep until that moment, never a periodic timer.
/// It starts paused: a deployed app must not start playing by itself.
@MainActor
final class Player {
  /// The application whose Now Playing info this player keeps up to date.
  let application: Application
  /// The presets and which one plays.
  private(set) var playlist: Playlist
  /// The playlist whose presets are the queue; `nil` when all presets are.
  private(set) var activePlaylistID: String?
  /// Playing, paused or stopped.
  private(set) var state: PlaybackState = .paused
  /// The rate playback moves at.
  private(set) var rate: Double = 1
  /// Called when a controller asks the app to quit.
  var onQuit: @MainActor () -> Void = {}
  /// Called after anything shown changes: playing or not, the preset, the position's anchor,
  /// the rate, the volume. Not called as playback simply moves on.
  var onChange: @MainActor () -> Void = {}
  /// Where the preset's tones are synthesised and played.
  let sound: BeatPlayer

  /// The presets the user liked (MediaPlayer's `likeCommand`), kept across restarts.
  var favourites = Favourites()

  private let clock = ContinuousClock()
  let logger: Logger
  private let artwork: [String: Data]
  /// Where playback was at `anchorTime`.
  private var anchorPosition: Double = 0
  private var anchorTime: ContinuousClock.Instant
  private var endOfPreset: Task<Void, Never>?

  /// A paused player at the preset at `start`, playing through `sound`.
  init(
    application: Application, sound: BeatPlayer, presets: [BinauralPreset] = BinauralPreset.standard,
    startingAt start: Int = 0, logger: Logger
  ) {
    self.application = application
    self.sound = sound
    self.playlist = Playlist(presets, startingAt: start)
    self.logger = logger
    self.anchorTime = clock.now
    self.artwork = Dictionary(uniqueKeysWithValues: presets.map { ($0.id, Data(PresetArtwork.png(for: $0))) })
    let rates = application.commandCenter.changePlaybackRateCommand
    rates.supportedPlaybackRates = [0.5, 0.75, 1, 1.25, 1.5, 2]
    load()
    application.nowPlayingInfoCenter.playbackState = .paused
  }

  private var commands: RemoteCommandCenter { application.commandCenter }
  private var nowPlaying: NowPlayingInfoCenter { application.nowPlayingInfoCenter }
  /// How long the current preset lasts, in seconds.
  var duration: Double { playlist.current.duration / .seconds(1) }

  /// The position now, in seconds.
  var position: Double {
    guard state == .playing else { return anchorPosition }
    return min(anchorPosition + (clock.now - anchorTime) / .seconds(1) * rate, duration)
  }

  // MARK: - Transport

  /// Starts or resumes playback.
  func play() {
    guard state != .playing else { return }
    if state == .stopped { anchorPosition = 0 }
    anchorTime = clock.now
    state = .playing
    sound.play()
    nowPlaying.playbackState = .playing
    scheduleEndOfPreset()
    onChange()
    logger.info("play", metadata: ["preset": "\(playlist.current.id)"])
  }

  /// Pauses where playback is; an interrupted player stays paused.
  func pause() {
    guard state == .playing || state == .interrupted else { return }
    anchorPosition = position
    anchorTime = clock.now
    state = .paused
    sound.pause()
    endOfPreset?.cancel()
    nowPlaying.playbackState = .paused
    onChange()
    logger.info("pause", metadata: ["position": "\(anchorPosition)"])
  }

  /// Falls silent for an interruption (a call), where playback is: shown as interrupted, as
  /// the audio session already shows it to controllers.
  func interrupt() {
    guard state == .playing else { return }
    anchorPosition = position
    anchorTime = clock.now
    state = .interrupted
    sound.pause()
    endOfPreset?.cancel()
    onChange()
    logger.info("interrupted", metadata: ["position": "\(anchorPosition)"])
  }

  /// What the audio session posts, as an iOS app takes it: an interruption's beginning silences
  /// playing; its end resumes what it silenced when it says should-resume (a press meanwhile
  /// wins: the player is no longer interrupted); the device playing going away pauses.
  func handle(_ notification: AudioSession.Notification) {
    switch notification {
    case .interruption(let interruption) where interruption.type == .began:
      interrupt()
    case .interruption(let interruption):
      logger.info(
        "interruption ended", metadata: ["shouldResume": "\(interruption.options.contains(.shouldResume))"])
      guard state == .interrupted else { return }
      if interruption.options.contains(.shouldResume) { play() } else { pause() }
    case .routeChange(let change) where change.reason == .oldDeviceUnavailable:
      logger.info("output lost")
      pause()
    case .routeChange:
      break
    }
  }

  /// Pauses when playing, plays otherwise.
  func togglePlayPause() {
    if state == .playing { pause() } else { play() }
  }

  /// Stops, back at the start of the preset.
  func stop() {
    endOfPreset?.cancel()
    state = .stopped
    sound.stop()
    anchorPosition = 0
    anchorTime = clock.now
    nowPlaying.playbackState = .stopped
    reportPosition()
    logger.info("stop")
  }

  /// Goes to the next preset; with none (and repeat off), stops. Playing or paused stays so.
  func nextPreset() {
    if playlist.moveToNext(repeatMode: repeatMode) { load() } else { stop() }
  }

  /// Goes to the previous preset; with none (and repeat off), stops.
  func previousPreset() {
    if playlist.moveToPrevious(repeatMode: repeatMode) { load() } else { stop() }
  }

  // MARK: - Position and rate

  /// Moves to `seconds`, clamped to the preset; at the end, the preset ends.
  func seek(to seconds: Double) {
    anchorPosition = min(max(seconds, 0), duration)
    anchorTime = clock.now
    reportPosition()
    if state == .playing { scheduleEndOfPreset() }
    logger.info("seek", metadata: ["position": "\(anchorPosition)"])
  }

  /// Moves by `seconds` (negative: back).
  func skip(by seconds: Double) { seek(to: position + seconds) }

  /// Plays at the supported rate nearest to `requested`.
  func setRate(_ requested: Double) {
    let supported = commands.changePlaybackRateCommand.supportedPlaybackRates
    let nearest = supported.min { abs($0 - requested) < abs($1 - requested) } ?? 1
    anchorPosition = position
    anchorTime = clock.now
    rate = nearest
    sound.rate = nearest
    reportPosition()
    if state == .playing { scheduleEndOfPreset() }
    logger.info("rate", metadata: ["rate": "\(rate)"])
  }

  // MARK: - Modes

  /// What repeats at the end of a preset.
  var repeatMode: RepeatMode {
    get { commands.changeRepeatModeCommand.currentRepeatType }
    set {
      commands.changeRepeatModeCommand.currentRepeatType = newValue
      updateNavigation()
    }
  }

  /// Whether presets play shuffled.
  var shuffleMode: ShuffleMode {
    get { commands.changeShuffleModeCommand.currentShuffleType }
    set {
      commands.changeShuffleModeCommand.currentShuffleType = newValue
      playlist.setShuffled(newValue != .off)
      updateNavigation()
    }
  }

  /// The volume, 0 or more (1 is full volume).
  var volume: Double {
    get { commands.changeVolumeCommand.currentVolume }
    set {
      commands.changeVolumeCommand.currentVolume = max(newValue, 0)
      sound.volume = Float(volume)
      onChange()
    }
  }

  /// Makes `presets` the queue, at `start`, shuffled when shuffle is on; then shows that preset.
  func show(presets: [BinauralPreset], startingAt start: Int, activePlaylistID: String?) {
    var playlist = Playlist(presets, startingAt: start)
    if shuffleMode != .off { playlist.setShuffled(true) }
    self.playlist = playlist
    self.activePlaylistID = activePlaylistID
    load()
  }

  // MARK: - Now Playing

  /// Shows the current preset from its start, keeping playing or paused as it was.
  private func load() {
    let preset = playlist.current
    sound.beat = preset.beat
    anchorPosition = 0
    anchorTime = clock.now
    let info = NowPlayingInfo(
      trackIdentifier: preset.id,
      title: preset.title,
      artist: "Binaural",
      albumTitle: "Brainwave presets",
      genre: "Ambient",
      composer: "Binaural",
      trackNumber: playlist.currentIndex + 1,
      trackCount: playlist.presets.count,
      playbackDuration: preset.duration,
      artwork: artwork[preset.id].map(Artwork.data),
      mediaType: .audio)
    // The new track and its start in one change: a controller that reads Position when the
    // Metadata changes must not get the last track's position.
    nowPlaying.setNowPlaying(
      info, playbackState: nowPlaying.playbackState,
      positionState: try? PositionState(duration: preset.duration, playbackRate: rate, position: .zero))
    onChange()
    updateNavigation()
    publishQueue()
    updateFavourite()
    if state == .playing { scheduleEndOfPreset() }
    logger.info("preset", metadata: ["preset": "\(preset.id)"])
  }

  /// Tells the info center where playback is now; only on jumps and rate changes.
  private func reportPosition() {
    do {
      let length = playlist.current.duration
      try nowPlaying.setPositionState(
        duration: length, playbackRate: rate, position: min(.seconds(anchorPosition), length))
    } catch {
      logger.error("position not reported", metadata: ["error": "\(error)"])
    }
    onChange()
  }

  /// Enables Next and Previous only when there is a preset to go to.
  private func updateNavigation() {
    commands.nextTrackCommand.isEnabled = playlist.hasNext(repeatMode: repeatMode)
    commands.previousTrackCommand.isEnabled = playlist.hasPrevious(repeatMode: repeatMode)
  }

  // MARK: - End of a preset

  /// Sleeps once, until the moment the preset ends at the current rate.
  private func scheduleEndOfPreset() {
    endOfPreset?.cancel()
    let remaining = max(0, (duration - position) / rate)
    endOfPreset = Task { [weak self, clock] in
      do { try await clock.sleep(for: .seconds(remaining)) } catch { return }
      guard !Task.isCancelled else { return }
      self?.presetDidEnd()
    }
  }

  /// At the end of a preset: again (repeat one), the next one, or stop after the last.
  private func presetDidEnd() {
    guard state == .playing else { return }
    switch repeatMode {
    case .one:
      seek(to: 0)
    case .all, .off:
      if playlist.moveToNext(repeatMode: repeatMode) { load() } else { stop() }
    }
  }
}
