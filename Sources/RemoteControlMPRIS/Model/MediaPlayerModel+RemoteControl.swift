import RemoteControl
import RemoteControlBackend

extension MediaPlayerModel {
  /// Whether controllers may use `kind` through the extension interface: it is offered, and
  /// `CanControl` is `true`, as for the commands of `org.mpris.MediaPlayer2.Player`.
  func offersExtension(_ kind: RemoteCommandKind) -> Bool {
    configuration.canControl && application.commands.isOffered(kind)
  }

  /// What MPRIS cannot carry about the commands: feedback, rating, intervals, rates.
  var details: CommandDetails { application.commands.details }

  /// The current item's language option groups (none when nothing plays).
  var languageOptionGroups: [LanguageOptionGroup] {
    application.nowPlaying.info?.availableLanguageOptions ?? []
  }

  /// Every option of ``languageOptionGroups``, group after group.
  var availableLanguageOptions: [LanguageOption] { languageOptionGroups.flatMap(\.languageOptions) }

  /// The options in effect now.
  var currentLanguageOptions: [LanguageOption] { application.nowPlaying.info?.currentLanguageOptions ?? [] }

  /// `HandlerStatuses`: each command's last outcome by name, in the order of
  /// `RemoteCommandKind.allCases`.
  var handlerStatuses: [(command: String, status: String)] {
    RemoteCommandKind.allCases.compactMap { kind in
      application.lastOutcomes[kind].map { ("\(kind)", Self.name(of: $0)) }
    }
  }

  /// The name `HandlerStatuses` gives an outcome: the `MPRemoteCommandHandlerStatus` case name,
  /// `unhandled` or `notReceiving`.
  static func name(of outcome: CommandOutcome) -> String {
    switch outcome {
    case .status(let status):
      switch status.code {
      case .success: "success"
      case .noSuchContent: "noSuchContent"
      case .noActionableNowPlayingItem: "noActionableNowPlayingItem"
      case .deviceNotFound: "deviceNotFound"
      case .commandFailed: "commandFailed"
      }
    case .unhandled: "unhandled"
    case .notReceiving: "notReceiving"
    }
  }
}
