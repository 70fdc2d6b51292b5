import DBus
import RemoteControl
import RemoteControlBackend

/// The adapter of `io.github.swift_remote_control.RemoteControl1`, the extension interface
/// beside MPRIS at `/org/mpris/MediaPlayer2`: what Apple's model has and MPRIS cannot carry.
/// Its methods become remote control events (like, dislike, bookmark, rating, skips, language
/// options); its properties come from its table (``propertyTable``). The article
/// <doc:RemoteControlInterface> documents every member.
enum RemoteControlInterface {
  /// The interface, reading `state` and delivering events with `dispatcher`.
  static func make(state: MediaPlayerState, dispatcher: EventDispatcher) -> Interface {
    Interface(
      name: MediaPlayerInterface.remoteControl.rawValue,
      methods: methods(state: state, dispatcher: dispatcher)
        + audioSessionMethods(dispatcher.sender.application.audioSession),
      properties: state.interfaceProperties(.remoteControl, dispatcher: dispatcher))
  }

  /// Turns a call's arguments into the command it asks for, given the model now, or says why not.
  private typealias Request =
    @Sendable ([Value], MediaPlayerModel) throws(BusError) -> RemoteControlEvent.Command

  // MARK: - Methods

  private static func methods(state: MediaPlayerState, dispatcher: EventDispatcher) -> [Interface.Method] {
    /// A method that sends the command `request` makes of its arguments, once the command the
    /// method is (its declaration's) is offered.
    func method(
      _ member: RemoteControlMethod, gate: RemoteControlProperty, _ request: @escaping Request
    ) -> Interface.Method {
      let kind = member.declaration.command
      return Interface.Method(member) { call in
        let command: RemoteControlEvent.Command
        do throws(BusError) {
          let model = state.model
          guard let kind, model.offersExtension(kind) else {
            throw BusError(.notSupported, "\(member.rawValue) is not available: \(gate.rawValue) is false")
          }
          command = try request(call.arguments, model)
        } catch {
          return call.fail(error)
        }
        dispatcher.deliver(command, answering: call)
      }
    }
    return [
      method(.like, gate: .canLike) { arguments, _ throws(BusError) in
        .like(isNegative: try flag(arguments))
      },
      method(.dislike, gate: .canDislike) { arguments, _ throws(BusError) in
        .dislike(isNegative: try flag(arguments))
      },
      method(.bookmark, gate: .canBookmark) {
        arguments, _ throws(BusError) in
        .bookmark(isNegative: try flag(arguments))
      },
      method(.rate, gate: .canRate) { arguments, model throws(BusError) in
        .changeRating(try rating(arguments, model.details))
      },
      method(.skipForward, gate: .canSkipForward) {
        arguments, model throws(BusError) in
        .skipForward(try interval(arguments, preferred: model.details.skipForwardIntervals))
      },
      method(.skipBackward, gate: .canSkipBackward) {
        arguments, model throws(BusError) in
        .skipBackward(try interval(arguments, preferred: model.details.skipBackwardIntervals))
      },
      method(.enableLanguageOption, gate: .canEnableLanguageOption) { arguments, model throws(BusError) in
        .enableLanguageOption(try languageOption(arguments, model))
      },
      method(.disableLanguageOption, gate: .canDisableLanguageOption) { arguments, model throws(BusError) in
        .disableLanguageOption(try languageOption(arguments, model))
      },
    ] + seekingMethods(state: state, dispatcher: dispatcher)
  }

  /// `BeginSeekingForward`, `EndSeekingForward`, `BeginSeekingBackward`, `EndSeekingBackward`:
  /// a held seek button, as its begin and end events. No `Can…` property gates them: a
  /// responder (`ContinuousSeek`) may handle them as well as a target, and an
  /// event nobody handles fails as an MPRIS method's does. They fail while `CanControl` is false.
  private static func seekingMethods(state: MediaPlayerState, dispatcher: EventDispatcher)
    -> [Interface.Method]
  {
    let commands: [(RemoteControlMethod, RemoteControlEvent.Command)] = [
      (.beginSeekingForward, .beginSeekingForward), (.endSeekingForward, .endSeekingForward),
      (.beginSeekingBackward, .beginSeekingBackward), (.endSeekingBackward, .endSeekingBackward),
    ]
    return commands.map { member, command in
      Interface.Method(member) { call in
        guard state.model.configuration.canControl else {
          return call.fail(
            BusError(.notSupported, "\(member.rawValue) is not available: CanControl is false"))
        }
        dispatcher.deliver(command, answering: call)
      }
    }
  }

  // MARK: - Arguments

  /// `IsNegative`: whether the feedback is taken back.
  private static func flag(_ arguments: [Value]) throws(BusError) -> Bool {
    guard let value = arguments.first?.boolValue else { throw .invalidArgs("IsNegative must be a boolean") }
    return value
  }

  /// `Rating`: within `MinimumRating`…`MaximumRating`.
  private static func rating(_ arguments: [Value], _ details: CommandDetails) throws(BusError) -> Double {
    guard let rating = arguments.first?.doubleValue, rating.isFinite else {
      throw .invalidArgs("the rating must be a finite number")
    }
    guard rating >= details.minimumRating, rating <= details.maximumRating else {
      throw .invalidArgs(
        "rating \(rating) is outside MinimumRating \(details.minimumRating) … MaximumRating \(details.maximumRating)"
      )
    }
    return rating
  }

  /// `Interval` (µs): positive, or 0 for the first preferred interval.
  private static func interval(_ arguments: [Value], preferred: [Duration]) throws(BusError) -> Duration {
    guard let microseconds = arguments.first?.int64Value, microseconds >= 0 else {
      throw .invalidArgs(
        "the interval must be 0 (the preferred interval) or a positive number of microseconds")
    }
    if microseconds > 0 { return .microseconds(microseconds) }
    guard let first = preferred.first else {
      throw .invalidArgs("the player prefers no interval: give one in microseconds")
    }
    return first
  }

  /// `Identifier`: one of `AvailableLanguageOptions`.
  private static func languageOption(_ arguments: [Value], _ model: MediaPlayerModel) throws(BusError)
    -> LanguageOption
  {
    let identifier = arguments.first?.stringValue ?? ""
    let available = model.availableLanguageOptions
    guard let option = available.first(where: { $0.identifier == identifier }) else {
      let known = available.map(\.identifier)
      throw .invalidArgs(
        "no language option \"\(identifier)\": "
          + (known.isEmpty ? "the current item offers none" : "the current item offers \(known)"))
    }
    return option
  }
}
