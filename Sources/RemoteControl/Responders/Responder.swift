/// An object that can handle remote control events, linked to the next one in a chain.
///
/// The corresponding UIKit class is `UIResponder`. Events that no command handler takes travel
/// from the application's first responder along ``next`` to the ``Application`` at the root;
/// the first responder whose ``remoteControlReceived(with:)`` returns `true` ends the walk.
///
/// Insert a dedicated responder between a controller and the application by overriding
/// ``next`` (or setting it, on a plain `Responder`):
///
/// ```swift
/// final class PlayerController: Responder {
///   let remote = ContinuousSeek()   // a Responder that handles held seek buttons
///   override var next: Responder? { get { remote } set {} }
/// }
/// ```
@MainActor
open class Responder {
  // Read on every step of the walk. `@exclusivity(unchecked)`: safe because responders are
  // confined to the main actor and nothing reads it while a write to it is under way.
  @exclusivity(unchecked) private var nextResponder: Responder?

  /// Creates a responder with no next responder.
  public init() {}

  /// The responder that gets the events this one does not handle.
  ///
  /// The default stores what you set. Override it to compute the chain.
  /// The corresponding UIKit property is `UIResponder.next`.
  open var next: Responder? {
    get { nextResponder }
    set { nextResponder = newValue }
  }

  /// Whether this responder may become the first responder. The default is `false`.
  ///
  /// The corresponding UIKit property is `UIResponder.canBecomeFirstResponder`.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether this responder may give up being the first responder. The default is `true`.
  ///
  /// The corresponding UIKit property is `UIResponder.canResignFirstResponder`.
  open var canResignFirstResponder: Bool { true }

  /// Handles a remote control event.
  ///
  /// Return `true` when you handled it; that ends the walk along the chain. The default
  /// returns `false`, which passes the event on to ``next``.
  /// The corresponding UIKit method is `UIResponder.remoteControlReceived(with:)`.
  open func remoteControlReceived(with event: RemoteControlEvent) -> Bool { false }

  // MARK: - First responder

  /// The application at the root of this responder's chain, found by following ``next``.
  public var application: Application? {
    var responder: Responder? = self
    while let current = responder {
      if let application = current as? Application { return application }
      responder = current.next
    }
    return nil
  }

  /// Whether this responder is its application's first responder.
  ///
  /// The corresponding UIKit property is `UIResponder.isFirstResponder`.
  public var isFirstResponder: Bool { application?.firstResponder === self }

  /// Makes this responder the first responder of the application at the root of its chain.
  ///
  /// - Returns: `false`, changing nothing, when ``canBecomeFirstResponder`` is `false`, when the
  ///   chain reaches no ``Application``, or when the current first responder refuses to resign.
  /// The corresponding UIKit method is `UIResponder.becomeFirstResponder()`.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard canBecomeFirstResponder, let application else { return false }
    if application.firstResponder === self { return true }
    if let current = application.firstResponder, !current.resignFirstResponder() { return false }
    application.currentFirstResponder = self
    return true
  }

  /// Gives up being the first responder; events then start at the application.
  ///
  /// - Returns: `false` when ``canResignFirstResponder`` is `false`; `true` otherwise, also when
  ///   this responder was not the first responder.
  /// The corresponding UIKit method is `UIResponder.resignFirstResponder()`.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard canResignFirstResponder else { return false }
    if let application, application.firstResponder === self { application.currentFirstResponder = nil }
    return true
  }
}
