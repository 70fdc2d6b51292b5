extension Interface {
  /// A property of an exported interface.
  package struct Property: Sendable {
    /// How changes to a property are announced in `PropertiesChanged`.
    package enum ChangeBehavior: Sendable, Hashable {
      /// Changes are sent with the new value (`EmitsChangedSignal=true`).
      case emitsChange
      /// Changes are sent as the name only, among the invalidated properties
      /// (`EmitsChangedSignal=invalidates`).
      case invalidates
      /// The value never changes (`EmitsChangedSignal=const`).
      case const
      /// Changes are never announced (`EmitsChangedSignal=false`), as for MPRIS `Position`;
      /// such a property can never appear in `PropertiesChanged`.
      case none
    }

    /// The member name, such as `PlaybackStatus`.
    package var name: String
    /// The property's type: one complete type.
    package var signature: Signature
    /// How changes are announced.
    package var change: ChangeBehavior
    /// Returns the current value for a reader (`nil`: a `PropertiesChanged` signal, or a reply
    /// with no destination); runs synchronously on the connection's thread, so it must be fast.
    /// A thrown error becomes the caller's D-Bus error reply.
    package var getter: @Sendable (PropertyReader?) throws(BusError) -> Value
    /// Stores a new value, or `nil` for a read-only property. It receives the value and the
    /// unique bus name of the caller that wrote it (`nil` only when the message carries no
    /// sender, as on a peer-to-peer connection). Runs on the connection's thread; a thrown error
    /// becomes the caller's D-Bus error reply.
    package var setter: (@Sendable (Value, _ sender: BusName?) throws(BusError) -> Void)?

    /// Creates a property.
    package init(
      _ name: String, _ signature: Signature, change: ChangeBehavior = .emitsChange,
      get getter: @escaping @Sendable () throws(BusError) -> Value,
      set setter: (@Sendable (Value, _ sender: BusName?) throws(BusError) -> Void)? = nil
    ) {
      self.name = name
      self.signature = signature
      self.change = change
      self.getter = { _ throws(BusError) in try getter() }
      self.setter = setter
    }

    /// Creates a property whose value depends on who reads it: `read` gets the caller of
    /// `Properties.Get` or `GetAll`, and `nil` for the values `PropertiesChanged` carries to every
    /// subscriber.
    package init(
      _ name: String, _ signature: Signature, change: ChangeBehavior = .emitsChange,
      read: @escaping @Sendable (_ reader: PropertyReader?) throws(BusError) -> Value,
      set setter: (@Sendable (Value, _ sender: BusName?) throws(BusError) -> Void)? = nil
    ) {
      self.name = name
      self.signature = signature
      self.change = change
      self.getter = read
      self.setter = setter
    }

    /// Whether ``Connection/emitPropertiesChanged(path:interface:properties:)`` may name it.
    var isAnnounced: Bool { change == .emitsChange || change == .invalidates }
  }
}
