import DBus
import RemoteControl

extension RemoteControlMethod: MediaPlayerMethod {
  /// `io.github.swift_remote_control.RemoteControl1`.
  package static var interface: MediaPlayerInterface { .remoteControl }

  /// The extension interface's declaration: feedback, rating, skips and language options take
  /// one argument; a held seek's begin and end none; the audio session's posts are no command.
  package var declaration: MethodDeclaration {
    switch self {
    case .like: MethodDeclaration(self, in: "b", ["IsNegative"], command: .like)
    case .dislike: MethodDeclaration(self, in: "b", ["IsNegative"], command: .dislike)
    case .bookmark: MethodDeclaration(self, in: "b", ["IsNegative"], command: .bookmark)
    case .rate: MethodDeclaration(self, in: "d", ["Rating"], command: .rating)
    case .skipForward: MethodDeclaration(self, in: "x", ["Interval"], command: .skipForward)
    case .skipBackward: MethodDeclaration(self, in: "x", ["Interval"], command: .skipBackward)
    case .enableLanguageOption:
      MethodDeclaration(self, in: "s", ["Identifier"], command: .enableLanguageOption)
    case .disableLanguageOption:
      MethodDeclaration(self, in: "s", ["Identifier"], command: .disableLanguageOption)
    case .beginSeekingForward, .endSeekingForward: MethodDeclaration(self, command: .seekForward)
    case .beginSeekingBackward, .endSeekingBackward: MethodDeclaration(self, command: .seekBackward)
    case .beginInterruption: MethodDeclaration(self, command: nil)
    case .endInterruption: MethodDeclaration(self, in: "b", ["ShouldResume"], command: nil)
    case .routeChanged: MethodDeclaration(self, in: "s", ["Reason"], command: nil)
    }
  }
}
