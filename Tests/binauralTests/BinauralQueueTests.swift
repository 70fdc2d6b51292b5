import BusTestSupport
import Foundation
import Testing

/// binaural's presets as `org.mpris.MediaPlayer2.TrackList` and its Sleep and Focus playlists as
/// `org.mpris.MediaPlayer2.Playlists`, driven by busctl, gdbus and python3-dbus.
@Suite(.leavesNoChildProcesses) struct BinauralQueueTests {
  static let name = "org.mpris.MediaPlayer2.binaural"
  static let trackList = "org.mpris.MediaPlayer2.TrackList"
  static let playlists = "org.mpris.MediaPlayer2.Playlists"
  static let track = "/org/swift_remote_control/track/"
  static let presets = ["delta_2d2hz", "theta_2d6hz", "alpha_2d10hz", "beta_2d20hz", "gamma_2d40hz"].map {
    track + $0
  }

  static func busctl(_ bus: PrivateBus, _ arguments: String...) async throws -> ClientResult {
    try await bus.run("busctl", ["--user"] + arguments)
  }

  static func get(_ bus: PrivateBus, _ interface: String, _ property: String) async throws -> String {
    let result = try await busctl(bus, "get-property", name, "/org/mpris/MediaPlayer2", interface, property)
    #expect(result.succeeded, "\(result)")
    return result.trimmed
  }

  static func call(_ bus: PrivateBus, _ interface: String, _ method: String, _ arguments: String...)
    async throws -> ClientResult
  {
    try await bus.run(
      "busctl", ["--user", "call", name, "/org/mpris/MediaPlayer2", interface, method] + arguments)
  }

  static func withBinaural(_ body: (PrivateBus) async throws -> Void) async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let binaural = try await BinauralTests.launch(on: bus)
    defer { binaural.kill() }
    try await body(bus)
  }

  @Test func thePresetsAreTheTrackListWithTheirTypes() async throws {
    try await Self.withBinaural { bus in
      #expect(try await Self.get(bus, "org.mpris.MediaPlayer2", "HasTrackList") == "b true")
      let tracks = try await Self.get(bus, Self.trackList, "Tracks")
      #expect(tracks == "ao 5 " + Self.presets.map { "\"\($0)\"" }.joined(separator: " "))
      #expect(try await Self.get(bus, Self.trackList, "CanEditTracks") == "b false")
      let metadata = try await Self.call(
        bus, Self.trackList, "GetTracksMetadata", "ao", "2", Self.presets[1], "/nope")
      #expect(metadata.succeeded, "\(metadata)")
      #expect(metadata.trimmed.hasPrefix("aa{sv} 1 "), "one entry: the unknown id is left out: \(metadata)")
      for typed in [
        #""mpris:trackid" o "\#(Self.presets[1])""#, #""mpris:length" x 900000000"#,
        #""xesam:title" s "Theta 6 Hz \302\267 Meditation""#, #""xesam:artist" as 1 "Binaural""#,
        #""xesam:trackNumber" i 2"#,
      ] {
        #expect(metadata.trimmed.contains(typed), "\(typed) in \(metadata)")
      }
    }
  }

  @Test func theTwoPlaylistsWithTheirTypes() async throws {
    try await Self.withBinaural { bus in
      #expect(try await Self.get(bus, Self.playlists, "PlaylistCount") == "u 2")
      #expect(try await Self.get(bus, Self.playlists, "Orderings") == #"as 2 "User" "Alphabetical""#)
      #expect(try await Self.get(bus, Self.playlists, "ActivePlaylist") == #"(b(oss)) false "/" "" """#)
      let sleep = #""/org/swift_remote_control/playlist/sleep" "Sleep" """#
      let focus = #""/org/swift_remote_control/playlist/focus" "Focus" """#
      let user = try await Self.call(bus, Self.playlists, "GetPlaylists", "uusb", "0", "10", "User", "false")
      #expect(user.trimmed == "a(oss) 2 \(sleep) \(focus)", "\(user)")
      let alphabetical = try await Self.call(
        bus, Self.playlists, "GetPlaylists", "uusb", "0", "1", "Alphabetical", "false")
      #expect(alphabetical.trimmed == "a(oss) 1 \(focus)", "\(alphabetical)")
      let reversed = try await Self.call(
        bus, Self.playlists, "GetPlaylists", "uusb", "1", "5", "User", "true")
      #expect(reversed.trimmed == "a(oss) 1 \(sleep)", "\(reversed)")
      let gdbus = try await bus.run(
        "gdbus", "call", "--session", "--dest", Self.name, "--object-path", "/org/mpris/MediaPlayer2",
        "--method", "org.freedesktop.DBus.Properties.Get", Self.playlists, "ActivePlaylist")
      #expect(gdbus.trimmed == "(<(false, (objectpath '/', '', ''))>,)", "\(gdbus)")
    }
  }

  @Test func goToAnnouncesMetadataOnThePlayerAndNothingOnTheTrackList() async throws {
    try await Self.withBinaural { bus in
      let monitor = try await QueueSignalMonitor.start(on: bus)
      defer { Task { await monitor.stop() } }
      let goTo = try await Self.call(bus, Self.trackList, "GoTo", "o", Self.presets[2])
      #expect(goTo.succeeded, "\(goTo)")
      let metadata = try await monitor.records {
        $0.interface == "org.mpris.MediaPlayer2.Player" && ($0.changed ?? []).contains("Metadata")
      }
      #expect(metadata.last?.arguments.contains("Alpha 10 Hz") == true, "\(metadata)")
      // A marker: a volume change, announced after anything the GoTo caused.
      let volume = try await Self.busctl(
        bus, "set-property", Self.name, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume",
        "d", "0.5")
      #expect(volume.succeeded, "\(volume)")
      let rest = try await monitor.records { ($0.changed ?? []).contains("Volume") }
      let onTrackList = (metadata + rest).filter { $0.interface == Self.trackList }
      #expect(onTrackList.isEmpty, "GoTo announced on the TrackList: \(onTrackList)")
      #expect(try await Self.get(bus, Self.trackList, "Tracks").hasPrefix("ao 5 "))
    }
  }

  @Test func activatingAPlaylistReplacesTheTrackList() async throws {
    try await Self.withBinaural { bus in
      let monitor = try await QueueSignalMonitor.start(on: bus)
      defer { Task { await monitor.stop() } }
      let activate = try await Self.call(
        bus, Self.playlists, "ActivatePlaylist", "o", "/org/swift_remote_control/playlist/sleep")
      #expect(activate.succeeded, "\(activate)")
      let records = try await monitor.records { $0.member == "TrackListReplaced" }
      let replaced = try #require(records.last)
      let arguments = replaced.decodedArguments
      #expect(arguments.first as? [String] == Array(Self.presets.prefix(2)), "\(replaced.arguments)")
      #expect(arguments.last as? String == Self.presets[0])
      #expect(
        records.contains { $0.interface == Self.trackList && $0.invalidated == ["Tracks"] },
        "Tracks is invalidated before TrackListReplaced: \(records)")
      #expect(
        try await Self.get(bus, Self.trackList, "Tracks")
          == "ao 2 \"\(Self.presets[0])\" \"\(Self.presets[1])\"")
      #expect(
        try await Self.get(bus, Self.playlists, "ActivePlaylist")
          == #"(b(oss)) true "/org/swift_remote_control/playlist/sleep" "Sleep" """#)
    }
  }

  @Test func badInputGetsAnErrorNamingItAndChangesNothing() async throws {
    try await Self.withBinaural { bus in
      let tracksBefore = try await Self.get(bus, Self.trackList, "Tracks")
      let titleBefore = try await BinauralTests.playerctl(bus, "metadata", "xesam:title")
      let cases: [(arguments: [String], error: String)] = [
        ([Self.trackList, "GoTo", "o", "/no/such/track"], "cannot go to /no/such/track: it is not a track"),
        (
          [Self.playlists, "ActivatePlaylist", "o", "/org/swift_remote_control/playlist/party"],
          "cannot activate /org/swift_remote_control/playlist/party: the player has no such playlist"
        ),
        ([Self.playlists, "GetPlaylists", "iisb", "-1", "-1", "User", "false"], "expecting 'uusb'"),
        (
          [Self.playlists, "GetPlaylists", "uusb", "0", "2", "Played", "false"],
          "cannot order playlists by \"Played\""
        ),
      ]
      for (arguments, error) in cases {
        let result = try await bus.run(
          "busctl", ["--user", "call", Self.name, "/org/mpris/MediaPlayer2"] + ["--"] + arguments)
        #expect(!result.succeeded, "\(arguments) succeeded")
        #expect(result.error.contains(error), "\(arguments): \(result.error)")
      }
      // A huge count is not an error: the playlists there are.
      let huge = try await Self.call(
        bus, Self.playlists, "GetPlaylists", "uusb", "0", "4294967295", "User", "false")
      #expect(huge.trimmed.hasPrefix("a(oss) 2 "), "\(huge)")
      let pastTheEnd = try await Self.call(
        bus, Self.playlists, "GetPlaylists", "uusb", "4294967295", "4294967295", "User", "false")
      #expect(pastTheEnd.trimmed == "a(oss) 0", "\(pastTheEnd)")
      // RemoveTrack and AddTrack do nothing while CanEditTracks is false, as the spec says.
      let remove = try await Self.call(bus, Self.trackList, "RemoveTrack", "o", Self.presets[0])
      #expect(remove.succeeded, "\(remove)")
      #expect(try await Self.get(bus, Self.trackList, "Tracks") == tracksBefore)
      #expect(try await Self.get(bus, Self.playlists, "ActivePlaylist") == #"(b(oss)) false "/" "" """#)
      #expect(try await BinauralTests.playerctl(bus, "metadata", "xesam:title") == titleBefore)
    }
  }
}
