/// The methods of the extension interface, `io.github.swift_remote_control.RemoteControl1`, at
/// `/org/mpris/MediaPlayer2/RemoteControl` (see <doc:RemoteControlInterface>).
public enum RemoteControlMethod: String, Sendable, Hashable, CaseIterable {
  /// `Like(b IsNegative)`: `likeCommand`.
  case like = "Like"
  /// `Dislike(b IsNegative)`: `dislikeCommand`.
  case dislike = "Dislike"
  /// `Bookmark(b IsNegative)`: `bookmarkCommand`.
  case bookmark = "Bookmark"
  /// `Rate(d Rating)`: `ratingCommand`.
  case rate = "Rate"
  /// `SkipForward(x Interval)`: `skipForwardCommand`.
  case skipForward = "SkipForward"
  /// `SkipBackward(x Interval)`: `skipBackwardCommand`.
  case skipBackward = "SkipBackward"
  /// `EnableLanguageOption(s Identifier)`: `enableLanguageOptionCommand`.
  case enableLanguageOption = "EnableLanguageOption"
  /// `DisableLanguageOption(s Identifier)`: `disableLanguageOptionCommand`.
  case disableLanguageOption = "DisableLanguageOption"
  /// `BeginSeekingForward()`: `seekForwardCommand`'s begin.
  case beginSeekingForward = "BeginSeekingForward"
  /// `EndSeekingForward()`: `seekForwardCommand`'s end.
  case endSeekingForward = "EndSeekingForward"
  /// `BeginSeekingBackward()`: `seekBackwardCommand`'s begin.
  case beginSeekingBackward = "BeginSeekingBackward"
  /// `EndSeekingBackward()`: `seekBackwardCommand`'s end.
  case endSeekingBackward = "EndSeekingBackward"
  /// `BeginInterruption()`: `AVAudioSession.interruptionNotification`, `began`.
  case beginInterruption = "BeginInterruption"
  /// `EndInterruption(b ShouldResume)`: `AVAudioSession.interruptionNotification`, `ended`.
  case endInterruption = "EndInterruption"
  /// `RouteChanged(s Reason)`: `AVAudioSession.routeChangeNotification`.
  case routeChanged = "RouteChanged"
}
