import DBus
import RemoteControl
import RemoteControlBackend

extension RemoteControlInterface {
  /// The properties of `io.github.swift_remote_control.RemoteControl1`, one entry each: all
  /// read-only, all computed from the model, and all but `HandlerStatuses` announced in
  /// `PropertiesChanged` when they change.
  static let propertyTable: PropertyTable = {
    /// A property computed from the model, whose changes are announced.
    func property(
      _ name: RemoteControlProperty, _ value: @escaping @Sendable (MediaPlayerModel) -> Value
    ) -> PropertyTable.Entry {
      PropertyTable.Entry(name, value: value)
    }
    /// The four properties of a feedback command.
    func feedback(
      _ kind: RemoteCommandKind, _ names: [RemoteControlProperty],
      _ settings: @escaping @Sendable (CommandDetails) -> CommandDetails.Feedback
    ) -> [PropertyTable.Entry] {
      [
        property(names[0]) { .bool($0.offersExtension(kind)) },
        property(names[1]) { .bool(settings($0.details).isActive) },
        property(names[2]) { .string(settings($0.details).localizedTitle) },
        property(names[3]) { .string(settings($0.details).localizedShortTitle) },
      ]
    }
    return PropertyTable(
      interface: .remoteControl,
      entries: feedback(.like, [.canLike, .likeActive, .likeTitle, .likeShortTitle], \.like)
        + feedback(.dislike, [.canDislike, .dislikeActive, .dislikeTitle, .dislikeShortTitle], \.dislike)
        + feedback(
          .bookmark, [.canBookmark, .bookmarkActive, .bookmarkTitle, .bookmarkShortTitle], \.bookmark)
        + [
          property(.canRate) { .bool($0.offersExtension(.rating)) },
          property(.minimumRating) { .double($0.details.minimumRating) },
          property(.maximumRating) { .double($0.details.maximumRating) },
          property(.canSkipForward) { .bool($0.offersExtension(.skipForward)) },
          property(.skipForwardIntervals) { Self.microseconds($0.details.skipForwardIntervals) },
          property(.canSkipBackward) { .bool($0.offersExtension(.skipBackward)) },
          property(.skipBackwardIntervals) { Self.microseconds($0.details.skipBackwardIntervals) },
          property(.supportedPlaybackRates) {
            .array(elementSignature: "d", $0.details.supportedPlaybackRates.map(Value.double))
          },
          property(.canEnableLanguageOption) { .bool($0.offersExtension(.enableLanguageOption)) },
          property(.canDisableLanguageOption) { .bool($0.offersExtension(.disableLanguageOption)) },
          property(.availableLanguageOptions) { model in
            .array(elementSignature: "(ssss)", model.availableLanguageOptions.map(Self.value(of:)))
          },
          property(.languageOptionGroups) { model in
            .array(elementSignature: "(asbs)", model.languageOptionGroups.map(Self.value(of:)))
          },
          property(.currentLanguageOptions) { .strings($0.currentLanguageOptions.map(\.identifier)) },
          // HandlerStatuses: read when wanted, never announced; a signal for each command's
          // outcome would look like activity to the daemons that pick the Now Playing player.
          PropertyTable.Entry(RemoteControlProperty.handlerStatuses) { model in
            .dictionary(
              keySignature: "s", valueSignature: "s",
              model.handlerStatuses.map {
                DictionaryEntry(key: .string($0.command), value: .string($0.status))
              })
          },
        ])
  }()

  /// Intervals in microseconds, as MPRIS gives times.
  private static func microseconds(_ intervals: [Duration]) -> Value {
    .array(elementSignature: "x", intervals.map { .int64(Microseconds($0).rawValue) })
  }

  /// An `AvailableLanguageOptions` element: `(identifier, kind, language tag, display name)`.
  private static func value(of option: LanguageOption) -> Value {
    let kind =
      switch option.kind {
      case .audible: "audible"
      case .legible: "legible"
      }
    return .structure([
      .string(option.identifier), .string(kind), .string(option.languageTag), .string(option.displayName),
    ])
  }

  /// A `LanguageOptionGroups` element: `(identifiers, allows an empty selection, default
  /// identifier or empty)`.
  private static func value(of group: LanguageOptionGroup) -> Value {
    .structure([
      .strings(group.languageOptions.map(\.identifier)), .bool(group.allowEmptySelection),
      .string(group.defaultLanguageOption?.identifier ?? ""),
    ])
  }
}
