import Foundation
import RemoteControl

/// An application whose play command has one enabled, synchronous target returning `.success`.
@MainActor
final class CommandCenterFixture {
  static let shared = CommandCenterFixture()

  let application = Application()
  let event = RemoteControlEvent(.play, source: .test)

  private init() {
    application.beginReceivingRemoteControlEvents()
    application.commandCenter.playCommand.addTarget { _ in .success }
  }
}

/// A 4-deep responder chain, no command targets: the first responder and two more pass the
/// event on; the fourth, just below the application, handles it.
@MainActor
final class ResponderChainFixture {
  static let shared = ResponderChainFixture()

  let application = Application()
  let handler: HandlingResponder
  let event = RemoteControlEvent(.play, source: .test)
  private let passing: [PassingResponder]

  private init() {
    application.beginReceivingRemoteControlEvents()
    handler = HandlingResponder(next: application)
    let third = PassingResponder(next: handler)
    let second = PassingResponder(next: third)
    let first = PassingResponder(next: second)
    passing = [first, second, third]
    let becameFirst = first.becomeFirstResponder()
    precondition(becameFirst && application.firstResponder === first)
  }
}

/// A responder that can be first responder and passes every event on (the default).
@MainActor
final class PassingResponder: Responder {
  init(next: Responder) {
    super.init(next: next)
  }

  override var canBecomeFirstResponder: Bool { true }
}

/// A responder that handles play and pause, as a player's controller would.
@MainActor
final class HandlingResponder: Responder {
  private(set) var handled = 0

  override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
    switch event.command {
    case .play, .pause, .togglePlayPause:
      handled &+= 1
      return true
    default:
      return false
    }
  }
}
