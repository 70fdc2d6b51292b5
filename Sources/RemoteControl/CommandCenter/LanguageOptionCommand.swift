/// The command that turns a language option (an audio track, subtitles) on or off.
///
/// MediaPlayer's `enableLanguageOptionCommand` and `disableLanguageOptionCommand` are plain
/// `MPRemoteCommand`s whose events are `MPChangeLanguageOptionCommandEvent`s; here the typed
/// target receives the ``LanguageOption`` itself. Over the extension interface, a controller
/// names an option of the current item's ``NowPlayingInfo/availableLanguageOptions`` by its
/// identifier.
@MainActor
public final class LanguageOptionCommand: RemoteCommand {
  /// Adds a target that receives the language option to turn on (or off); it runs for each
  /// event of this command, after those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPChangeLanguageOptionCommandEvent.languageOption`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ option: LanguageOption) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      if case .enableLanguageOption(let option) = event.command { return handler(option) }
      if case .disableLanguageOption(let option) = event.command { return handler(option) }
      // Only language option events are routed here.
      return .commandFailed
    }
  }
}
