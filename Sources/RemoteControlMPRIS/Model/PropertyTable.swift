import DBus
import RemoteControl

/// The properties of one exported interface: for each, its declaration (name, D-Bus type,
/// whether its changes are announced: ``PropertyDeclaration``), how its value comes from the
/// model, and what a write asks the application for.
///
/// The table is the vtable's property list
/// (``MediaPlayerState/interfaceProperties(_:dispatcher:)``), the change detection
/// (``changes(from:to:)``) and the reads (``values(for:)``, computed once per change, are what
/// a `Get` copies). Every interface of the player is one table, built by the same pattern.
struct PropertyTable: Sendable {
  /// One property.
  struct Entry: Sendable {
    /// Where a read's value comes from.
    enum Reading: Sendable {
      /// Fixed for the player's life (taken from its configuration): never recomputed, and read
      /// without taking the state's lock.
      case fixed(Value)
      /// Computed from the model at each change; reads return the value computed last.
      case model(@Sendable (MediaPlayerModel) -> Value)
      /// Computed at each read (MPRIS `Position`, extrapolated on the info center's clock); its
      /// changes are never announced.
      case onRead(@Sendable (NowPlayingInfoCenter) -> Value)
    }

    /// Turns a written value (variants unwrapped) into the command it asks for, given the model
    /// now, or refuses it.
    typealias Write = @Sendable (Value, MediaPlayerModel) throws(RequestRefusal) -> RemoteControlEvent.Command

    /// The MPRIS name, such as `PlaybackStatus`.
    let name: String
    /// The D-Bus type.
    let signature: Signature
    /// Whether and how changes are announced (`EmitsChangedSignal`).
    let change: Interface.Property.ChangeBehavior
    /// Where a read's value comes from.
    let reading: Reading
    /// What a write asks for; `nil` for a read-only property.
    let write: Write?

    /// A property whose value is computed from the model; writable when `write` is given. Its
    /// name, type and change behaviour are the property's declaration.
    init(
      _ property: some MediaPlayerProperty, value: @escaping @Sendable (MediaPlayerModel) -> Value,
      write: Write? = nil
    ) {
      self.init(property.declaration, reading: .model(value), write: write)
    }

    /// A read-only property whose value never changes.
    init(_ property: some MediaPlayerProperty, fixed value: Value) {
      self.init(property.declaration, reading: .fixed(value), write: nil)
    }

    /// A read-only property computed at each read; its declaration says it is never announced.
    init(
      _ property: some MediaPlayerProperty, onRead value: @escaping @Sendable (NowPlayingInfoCenter) -> Value
    ) {
      self.init(property.declaration, reading: .onRead(value), write: nil)
    }

    private init(_ declaration: PropertyDeclaration, reading: Reading, write: Write?) {
      self.name = declaration.name
      self.signature = declaration.signature
      self.change = declaration.change
      self.reading = reading
      self.write = write
    }
  }

  /// The interface the properties belong to.
  let interface: MediaPlayerInterface
  /// The properties, in the order introspection lists them.
  let entries: [Entry]

  /// The values of the properties computed from the model, in table order (fixed ones and those
  /// computed at each read are left out).
  func values(for model: MediaPlayerModel) -> [Value] {
    entries.compactMap { entry in
      switch entry.reading {
      case .model(let value): value(model)
      case .fixed, .onRead: nil
      }
    }
  }

  /// The names of the announced properties whose values differ between `old` and `new` (both
  /// from ``values(for:)``), in table order. Fixed values never change.
  func changes(from old: [Value], to new: [Value]) -> [String] {
    var names: [String] = []
    var slot = 0
    for entry in entries {
      guard case .model = entry.reading else { continue }
      defer { slot += 1 }
      switch entry.change {
      case .emitsChange, .invalidates:
        if old[slot] != new[slot] { names.append(entry.name) }
      case .const, .none:
        continue
      }
    }
    return names
  }
}
