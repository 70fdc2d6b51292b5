/// One command an app offers to remote controls, with the targets that carry it out.
///
/// The corresponding MediaPlayer class is `MPRemoteCommand`. A command is offered to
/// controllers (MPRIS's `Can*` properties follow ``isOffered``) when it is enabled and something
/// can handle it; a disabled command's events go to the responder chain instead of its targets.
@MainActor
public class RemoteCommand {
  /// A closure that carries out a command.
  public typealias Handler = @MainActor (RemoteControlEvent) -> RemoteCommandHandlerStatus
  /// A closure that carries out a command and may suspend.
  public typealias AsyncHandler = @MainActor (RemoteControlEvent) async -> RemoteCommandHandlerStatus

  private enum Target {
    case immediate(Handler)
    case suspending(AsyncHandler)
  }

  /// Which command of the command center this is.
  public let kind: RemoteCommandKind

  /// Whether controllers may use this command. `true` by default, as in MediaPlayer.
  ///
  /// Changes are reported to ``RemoteCommandCenter/observeChanges(_:)``.
  public var isEnabled: Bool {
    get { enabled }
    set {
      guard enabled != newValue else { return }
      enabled = newValue
      didChange()
    }
  }

  // Read on every delivery. `@exclusivity(unchecked)` drops the runtime access check: safe
  // because commands are confined to the main actor, and targets run on a copy of the array,
  // so no access overlaps a write.
  @exclusivity(unchecked) private var enabled = true

  @exclusivity(unchecked) private var targets: [(token: ObservationToken, target: Target)] = []
  /// How many of ``targets`` may suspend; while none may, events are performed synchronously.
  @exclusivity(unchecked) private var suspendingTargetCount = 0
  weak var center: RemoteCommandCenter?

  init(_ kind: RemoteCommandKind) {
    self.kind = kind
  }

  /// Whether any target is registered.
  public var hasTargets: Bool { !targets.isEmpty }

  /// Whether controllers are offered this command: it is enabled, and it has a target or its
  /// events reach the responder chain (``RemoteCommandKind/reachesResponders``: the ten UIKit
  /// subtypes' commands, which any responder may handle).
  ///
  /// As MediaPlayer shows a command only once it has a target, a command such as raise, seek
  /// to a position or change the volume is offered only while a target is there; play, pause,
  /// next and the others UIKit delivers to responders are offered while enabled. Disable a
  /// command the app cannot carry out now (no next track, say) and it is not offered.
  ///
  /// A command that is not offered never runs its targets; what becomes of its events, in
  /// process and over D-Bus, is one rule: <doc:CommandsNotOffered>.
  public var isOffered: Bool { enabled && (!targets.isEmpty || kind.reachesResponders) }

  /// Whether any target was added with `addTarget(asyncHandler:)`.
  var hasSuspendingTargets: Bool { suspendingTargetCount > 0 }

  /// Adds a target; it runs for each event of this command, after those added before it.
  ///
  /// The corresponding MediaPlayer method is `MPRemoteCommand.addTarget(handler:)`.
  /// - Returns: A token for ``removeTarget(_:)``.
  @discardableResult
  public func addTarget(handler: @escaping Handler) -> ObservationToken {
    add(.immediate(handler))
  }

  /// Adds a target that may suspend (to wait for a player, say). Other events are delivered
  /// while it is suspended.
  @discardableResult
  public func addTarget(asyncHandler: @escaping AsyncHandler) -> ObservationToken {
    add(.suspending(asyncHandler))
  }

  /// Removes the target the token was returned for. Unknown tokens are ignored.
  ///
  /// The corresponding MediaPlayer method is `MPRemoteCommand.removeTarget(_:)`.
  public func removeTarget(_ token: ObservationToken) {
    guard targets.contains(where: { $0.token == token }) else { return }
    targets.removeAll { $0.token == token }
    countSuspendingTargets()
    if targets.isEmpty { didChange() }
  }

  /// Removes every target.
  public func removeAllTargets() {
    guard !targets.isEmpty else { return }
    targets.removeAll()
    suspendingTargetCount = 0
    didChange()
  }

  /// Runs every target in the order added.
  ///
  /// - Returns: The first status that is not ``RemoteCommandHandlerStatus/success``, or success.
  func perform(_ event: RemoteControlEvent) async -> RemoteCommandHandlerStatus {
    var result = RemoteCommandHandlerStatus.success
    for entry in targets {
      let status: RemoteCommandHandlerStatus
      switch entry.target {
      case .immediate(let handler): status = handler(event)
      case .suspending(let handler): status = await handler(event)
      }
      if result.isSuccess { result = status }
    }
    return result
  }

  /// Runs every target in the order added, without suspending; only while
  /// ``hasSuspendingTargets`` is `false`.
  ///
  /// The synchronous twin of ``perform(_:)``: delivering through it costs no `async` frame and
  /// no executor check per event.
  func performWithoutSuspending(_ event: RemoteControlEvent) -> RemoteCommandHandlerStatus {
    // One target is the common case: its status is the result, and no status is kept and
    // replaced on the way (a status carries a message, whose copies cost retains).
    if targets.count == 1, case .immediate(let handler) = targets[0].target { return handler(event) }
    var result = RemoteCommandHandlerStatus.success
    for entry in targets {
      guard case .immediate(let handler) = entry.target else {
        preconditionFailure("performWithoutSuspending(_:) called with a suspending target")
      }
      let status = handler(event)
      if result.isSuccess { result = status }
    }
    return result
  }

  private func countSuspendingTargets() {
    suspendingTargetCount = targets.count { entry in
      if case .suspending = entry.target { true } else { false }
    }
  }

  private func add(_ target: Target) -> ObservationToken {
    let token = ObservationToken.unique()
    targets.append((token, target))
    if case .suspending = target { suspendingTargetCount += 1 }
    if targets.count == 1 { didChange() }
    return token
  }

  /// Tells the command center's observers that this command changed.
  func didChange() { center?.commandDidChange(self) }
}
