internal import RemoteControlMPRIS

/// What one run of remotectl asks the players to do: playerctl's commands, parsed and checked.
enum Verb: Hashable, Sendable {
  /// `play`: MPRIS `Play`.
  case play
  /// `pause`: MPRIS `Pause`.
  case pause
  /// `play-pause`: MPRIS `PlayPause`.
  case playPause
  /// `stop`: MPRIS `Stop`.
  case stop
  /// `next`: MPRIS `Next`.
  case next
  /// `previous`: MPRIS `Previous`.
  case previous
  /// `position [OFFSET][+|-]`: print the position, or `SetPosition`/`Seek`.
  case position(PositionChange?)
  /// `volume [LEVEL][+|-]`: print the volume, or set `Volume`.
  case volume(VolumeChange?)
  /// `status`: print `PlaybackStatus`.
  case status
  /// `metadata [KEY...]`: print `Metadata`, all of it or the given keys.
  case metadata(keys: [String])
  /// `open URI`: MPRIS `OpenUri`.
  case open(uri: String)
  /// `loop [None|Track|Playlist]`: print or set `LoopStatus`.
  case loop(LoopStatus?)
  /// `shuffle [On|Off|Toggle]`: print or set `Shuffle`.
  case shuffle(ShuffleChange?)

  /// The command's name as playerctl spells it.
  var name: String {
    switch self {
    case .play: "play"
    case .pause: "pause"
    case .playPause: "play-pause"
    case .stop: "stop"
    case .next: "next"
    case .previous: "previous"
    case .position: "position"
    case .volume: "volume"
    case .status: "status"
    case .metadata: "metadata"
    case .open: "open"
    case .loop: "loop"
    case .shuffle: "shuffle"
    }
  }

  /// Whether `--format` applies (playerctl: the commands that print something).
  var supportsFormat: Bool {
    switch self {
    case .position, .volume, .status, .metadata, .loop, .shuffle: true
    case .play, .pause, .playPause, .stop, .next, .previous, .open: false
    }
  }

  /// Whether `--follow` applies (playerctl: the same commands, each following its property).
  var supportsFollow: Bool { supportsFormat }

  /// Whether the verb changes something rather than printing it (playerctl refuses a format
  /// string on `position 10` or `volume 0.5`).
  var isChange: Bool {
    switch self {
    case .position(let change): change != nil
    case .volume(let change): change != nil
    case .loop(let setting): setting != nil
    case .shuffle(let change): change != nil
    case .status, .metadata: false
    case .play, .pause, .playPause, .stop, .next, .previous, .open: true
    }
  }
}
