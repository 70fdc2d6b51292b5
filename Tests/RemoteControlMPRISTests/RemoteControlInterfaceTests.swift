import BusTestSupport
import Foundation
import HubSupport
import RemoteControl
import RemoteControlMPRIS
import RemoteControlTesting
import Testing

/// The extension interface `io.github.swift_remote_control.RemoteControl1`, driven by clients we
/// did not write (busctl, gdbus, python3-dbus): what MPRIS cannot carry, carried anyway.
@Suite(.leavesNoChildProcesses) struct RemoteControlInterfaceTests {
  static let interface = "io.github.swift_remote_control.RemoteControl1"

  @Test @MainActor func theInterfaceIsIntrospectableWithEveryDocumentedMemberAndType() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let result = try await player.bus.run(
        "busctl", "--user", "introspect", player.busName, MediaPlayerInterface.remoteControlObjectPath,
        Self.interface)
      #expect(result.succeeded, "\(result)")
      // Found from the MPRIS object: it lists the extension's object as its child node.
      let parent = try await player.bus.run(
        "gdbus", "introspect", "--session", "--dest", player.busName, "--object-path",
        MediaPlayerInterface.objectPath, "--xml")
      #expect(parent.output.contains(#"<node name="RemoteControl"/>"#), "\(parent)")
      let rows = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
      func row(_ name: String) -> [String]? { rows.first { $0.first == "." + name } }
      for (method, signature) in [
        ("Like", "b"), ("Dislike", "b"), ("Bookmark", "b"), ("Rate", "d"), ("SkipForward", "x"),
        ("SkipBackward", "x"), ("EnableLanguageOption", "s"), ("DisableLanguageOption", "s"),
      ] {
        #expect(row(method)?.prefix(3) == ["." + method, "method", signature], "\(method)")
      }
      let signatures: [RemoteControlProperty: String] = [
        .likeActive: "b", .likeTitle: "s", .minimumRating: "d", .skipForwardIntervals: "ax",
        .supportedPlaybackRates: "ad", .availableLanguageOptions: "a(ssss)", .languageOptionGroups: "a(asbs)",
        .currentLanguageOptions: "as", .handlerStatuses: "a{ss}",
      ]
      for property in RemoteControlProperty.allCases {
        let found = try #require(row(property.rawValue), "\(property.rawValue) is not exported")
        #expect(found[1] == "property")
        if property == .handlerStatuses {
          #expect(found.last != "emits-change", "HandlerStatuses is read when wanted, never announced")
        } else {
          #expect(found.last == "emits-change", "\(property.rawValue) is announced")
        }
        if let signature = signatures[property] { #expect(found[2] == signature, "\(property.rawValue)") }
      }
      // Read by python3-dbus, with their types.
      #expect(
        try await player.typed("SkipForwardIntervals", interface: Self.interface)
          == TypedValue(type: "ax", value: .array([.number(15_000_000)])))
      #expect(
        try await player.typed("MaximumRating", interface: Self.interface)
          == TypedValue(type: "d", value: .number(5)))
    }
  }

  @Test @MainActor func eachChangeIsAnnouncedInPropertiesChangedOfTheExtensionInterface() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let monitor = try await player.bus.startSignalMonitor()
      let commands = player.application.commandCenter
      @Sendable func isExtension(_ record: SignalRecord) -> Bool {
        record.signal == "PropertiesChanged" && record.interface == Self.interface
      }

      commands.likeCommand.isActive = true
      var record = try await monitor.next(where: isExtension)
      #expect(record.changedNames == ["LikeActive"], "\(record)")
      #expect(record.changed?["LikeActive"] == TypedValue(type: "b", value: .bool(true)))

      commands.skipForwardCommand.preferredIntervals = [.seconds(30), .seconds(60)]
      record = try await monitor.next(where: isExtension)
      #expect(record.changedNames == ["SkipForwardIntervals"], "\(record)")
      #expect(
        record.changed?["SkipForwardIntervals"]
          == TypedValue(type: "ax", value: .array([.number(30_000_000), .number(60_000_000)])))

      // Offered once a target handles it, withdrawn when disabled.
      _ = commands.ratingCommand.addTarget { _ in .success }
      record = try await monitor.next(where: isExtension)
      #expect(record.changedNames == ["CanRate"], "\(record)")
      #expect(record.changed?["CanRate"] == TypedValue(type: "b", value: .bool(true)))
      commands.ratingCommand.isEnabled = false
      record = try await monitor.next(where: isExtension)
      #expect(record.changedNames == ["CanRate"], "\(record)")
      #expect(record.changed?["CanRate"] == TypedValue(type: "b", value: .bool(false)))

      let english = LanguageOption(
        kind: .audible, languageTag: "en", displayName: "English", identifier: "en")
      var info = NowPlayingInfo(title: "Talk")
      info.availableLanguageOptions = [LanguageOptionGroup(languageOptions: [english])]
      info.currentLanguageOptions = [english]
      player.application.nowPlayingInfoCenter.nowPlayingInfo = info
      record = try await monitor.next(where: isExtension)
      #expect(
        record.changedNames == [
          "AvailableLanguageOptions", "CurrentLanguageOptions", "LanguageOptionGroups",
        ],
        "\(record)")
      await monitor.stop()
    }
  }

  @Test @MainActor func methodsReachTheTargetsWithTypedPayloadsAndStatusesArePublished() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let commands = player.application.commandCenter
      var likes: [Bool] = []
      var ratings: [Double] = []
      var skips: [Duration] = []
      var languages: [String] = []
      commands.likeCommand.addTarget { (isNegative: Bool) in
        likes.append(isNegative)
        return .success
      }
      commands.ratingCommand.addTarget { (rating: Double) in
        ratings.append(rating)
        return .noActionableNowPlayingItem
      }
      commands.skipForwardCommand.preferredIntervals = [.seconds(45)]
      commands.skipForwardCommand.addTarget { (interval: Duration) in
        skips.append(interval)
        return .success
      }
      commands.enableLanguageOptionCommand.addTarget { event in
        guard case .enableLanguageOption(let option) = event.command else { return .commandFailed }
        languages.append(option.identifier)
        return .success
      }
      let french = LanguageOption(
        kind: .legible, languageTag: "fr", displayName: "Français", identifier: "fr-cc")
      var info = NowPlayingInfo(title: "Film")
      info.availableLanguageOptions = [
        LanguageOptionGroup(languageOptions: [french], allowEmptySelection: true)
      ]
      player.application.nowPlayingInfoCenter.nowPlayingInfo = info

      func call(_ method: String, _ argument: String) async throws -> ClientResult {
        try await player.gdbusCall("\(Self.interface).\(method)", argument)
      }
      #expect(try await call("Like", "true").succeeded)
      #expect(try await call("SkipForward", "int64 2500000").succeeded)
      #expect(try await call("SkipForward", "int64 0").succeeded, "0 is the preferred interval")
      #expect(try await call("EnableLanguageOption", "'fr-cc'").succeeded)
      let rated = try await call("Rate", "4.5")
      #expect(!rated.succeeded, "the handler's status is the caller's error")
      #expect(likes == [true])
      #expect(ratings == [4.5])
      #expect(skips == [.milliseconds(2500), .seconds(45)])
      #expect(languages == ["fr-cc"])

      let statuses = try await player.typed("HandlerStatuses", interface: Self.interface)
      #expect(statuses.type == "a{ss}")
      #expect(statuses.members?["like"]?.value.stringValue == "success", "\(statuses)")
      #expect(statuses.members?["rating"]?.value.stringValue == "noActionableNowPlayingItem", "\(statuses)")
      #expect(statuses.members?["skipForward"]?.value.stringValue == "success", "\(statuses)")
      let groups = try await player.busctlGet("LanguageOptionGroups", interface: Self.interface)
      #expect(groups == #"a(asbs) 1 1 "fr-cc" true """#)
    }
  }

  @Test @MainActor func badInputAndUnofferedCommandsGetAnErrorThatSaysWhy() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let commands = player.application.commandCenter
      Fixtures.acceptEverything(player.application)
      commands.dislikeCommand.isEnabled = false
      commands.ratingCommand.maximumRating = 5
      func call(_ method: String, _ argument: String) async throws -> ClientResult {
        try await player.gdbusCall("\(Self.interface).\(method)", argument)
      }
      let rating = try await call("Rate", "7.0")
      #expect(rating.error.contains("InvalidArgs") && rating.error.contains("outside"), "\(rating)")
      let dislike = try await call("Dislike", "false")
      #expect(
        dislike.error.contains("NotSupported") && dislike.error.contains("CanDislike is false"), "\(dislike)")
      let skip = try await call("SkipBackward", "int64 -5")
      #expect(skip.error.contains("InvalidArgs") && skip.error.contains("positive"), "\(skip)")
      let language = try await call("EnableLanguageOption", "'xx'")
      #expect(
        language.error.contains("InvalidArgs") && language.error.contains("no language option \"xx\""),
        "\(language)")
      // Nothing refused reached the application; the player still answers.
      #expect(player.events.drain().isEmpty)
      #expect(try await call("Like", "false").succeeded)
    }
  }

  @Test @MainActor func theSeekingMethodsDeliverBeginAndEndSeekingAndFailWhenNothingHandlesThem()
    async throws
  {
    try await withPlayer { (player: TestPlayer) async throws in
      var seeks: [RemoteControlEvent.Command] = []
      player.application.commandCenter.seekForwardCommand.addTarget { event in
        seeks.append(event.command)
        return .success
      }
      #expect(try await player.gdbusCall("\(Self.interface).BeginSeekingForward").succeeded)
      #expect(try await player.gdbusCall("\(Self.interface).EndSeekingForward").succeeded)
      #expect(seeks == [.beginSeekingForward, .endSeekingForward])
      let backward = try await player.gdbusCall("\(Self.interface).BeginSeekingBackward")
      #expect(!backward.succeeded, "nothing handles seeking backward: \(backward)")
    }
  }
}
