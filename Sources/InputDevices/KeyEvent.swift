/// A key going down or up on an input device: one `EV_KEY` `struct input_event` of the Linux
/// input protocol (evdev).
package struct KeyEvent: Hashable, Sendable {
  /// What the key did: the event's `value`.
  package enum Action: Int32, Sendable {
    /// The key went up (value 0).
    case release = 0
    /// The key went down (value 1).
    case press = 1
    /// The kernel's autorepeat while the key stays down (value 2).
    case repeated = 2
  }

  /// The key.
  package var code: KeyCode
  /// What it did.
  package var action: Action

  /// The key `code` doing `action`.
  package init(_ code: KeyCode, _ action: Action) {
    self.code = code
    self.action = action
  }
}
