import Foundation
import RemoteControl

// The pattern of re-broadcasting every event as a notification, in Swift on
// swift-corelibs-foundation: the application is the first
// responder; it turns each remote control event into a notification named for its subtype and
// posts it on the default center; the player observes those names with one handler that
// switches on the name.

extension Notification.Name {
  static let remoteControlPlayTapped = Notification.Name("kRemoteControlPlayTapped")
  static let remoteControlPauseTapped = Notification.Name("kRemoteControlPauseTapped")
  static let remoteControlStopTapped = Notification.Name("kRemoteControlStopTapped")
  static let remoteControlPreviousTapped = Notification.Name("kRemoteControlPreviousTapped")
  static let remoteControlNextTapped = Notification.Name("kRemoteControlNextTapped")
  static let remoteControlOtherTapped = Notification.Name("kRemoteControlOtherTapped")

  /// The six names the player observes (one `observeRemoteControl(_:selector:)` call in the pattern).
  static let remoteControlNames: [Notification.Name] = [
    .remoteControlNextTapped, .remoteControlPauseTapped, .remoteControlStopTapped,
    .remoteControlPreviousTapped, .remoteControlPlayTapped, .remoteControlOtherTapped,
  ]
}

/// The application side of the pattern (a `UIApplication (RemoteControl)` category): re-broadcasts every event.
@MainActor
final class NotifyingApplication: Application {
  override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
    let name: Notification.Name =
      switch event.subtype {
      case .play: .remoteControlPlayTapped
      case .pause: .remoteControlPauseTapped
      case .stop: .remoteControlStopTapped
      case .nextTrack: .remoteControlNextTapped
      case .previousTrack: .remoteControlPreviousTapped
      default: .remoteControlOtherTapped
      }
    NotificationCenter.default.post(name: name, object: nil)
    return true
  }
}

/// The player side of the pattern: one handler for the notifications, switching on the name.
///
/// `@unchecked Sendable` because the observer block is `@Sendable`: it is safe, as the block
/// is registered with `queue: nil` and so runs on the posting thread, which is always the main
/// thread here (events are posted from `Application`, a main-actor class).
final class NotifiedPlayer: @unchecked Sendable {
  private(set) var handled = 0
  private(set) var played = 0
  private(set) var paused = 0
  private(set) var other = 0

  func onRemoteControlStateChanged(_ notification: Notification) {
    handled &+= 1
    switch notification.name {
    case .remoteControlPlayTapped: played &+= 1
    case .remoteControlPauseTapped: paused &+= 1
    default: other &+= 1
    }
  }
}

/// The application, its player and its observer registrations.
@MainActor
final class NotificationCenterFixture {
  static let shared = NotificationCenterFixture()

  let application = NotifyingApplication()
  let player = NotifiedPlayer()
  let event = RemoteControlEvent(.play, source: .test)
  private var observations: [any NSObjectProtocol] = []

  private init() {
    application.beginReceivingRemoteControlEvents()
    let becameFirst = application.becomeFirstResponder()
    precondition(becameFirst)
    for name in Notification.Name.remoteControlNames {
      let player = player
      observations.append(
        NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
          player.onRemoteControlStateChanged($0)
        })
    }
  }
}
