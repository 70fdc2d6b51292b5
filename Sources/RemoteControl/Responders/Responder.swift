/// An object that can handle remote control events, linked to the next one in a chain.
///
/// The corresponding UIKit class is `UIResponder`. Events that no command handler takes travel
/// from the application's first responder along ``next`` to the ``Application`` at the root;
/// the first responder whose ``remoteControlReceived(with:)`` returns `true` ends the walk.
///
/// As in UIKit, ``next`` is read-only: insert a dedicated responder between a controller and
/// the application by overriding it, or give a plain `Responder` its next one when you create it:
///
/// ```swift
/// final class PlayerController: Responder {
///   let remote: ContinuousSeek   // a Responder that handles held seek buttons
///   init(application: Application) {
///     remote = ContinuousSeek(application: application)
///     super.init()
///   }
///   override var next: Responder? { remote }
/// }
/// ```
///
/// A responder holds the next one given to ``init(next:)`` strongly, and an ``Application``
/// holds its first responder strongly: a first responder whose next is its application makes a
/// reference cycle, which lasts while both are in use (an app's lifetime). ``ContinuousSeek``
/// holds its application weakly, so inserting it makes no cycle.
@MainActor
open class Responder {
  // Read on every step of the walk; set once, at creation.
  private let nextResponder: Responder?

  /// Creates a responder whose next responder is `next` (none by default).
  ///
  /// - Parameter next: The responder that gets the events this one does not handle, unless a
  ///   subclass overrides ``next``.
  public init(next: Responder? = nil) {
    self.nextResponder = next
  }

  /// The responder that gets the events this one does not handle.
  ///
  /// The default is the responder given to ``init(next:)``. Override it to compute the chain
  /// (`override var next: Responder? { remote }`); it is read-only, as in UIKit.
  /// The corresponding UIKit property is `UIResponder.next`.
  open var next: Responder? { nextResponder }

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
