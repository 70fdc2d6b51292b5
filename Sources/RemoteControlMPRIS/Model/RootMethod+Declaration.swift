import DBus
import RemoteControl

extension RootMethod: MediaPlayerMethod {
  /// `org.mpris.MediaPlayer2`.
  package static var interface: MediaPlayerInterface { .root }

  /// The MPRIS 2.2 declaration: neither takes arguments.
  package var declaration: MethodDeclaration {
    switch self {
    case .raise: MethodDeclaration(self, command: .raise)
    case .quit: MethodDeclaration(self, command: .quit)
    }
  }
}
