extension Dictionary where Key == String {
  /// The value of `property` in a map of the player interface's properties by name, such as
  /// `GetAll`'s answer or the changes of a `PropertiesChanged`.
  package subscript(property property: PlayerProperty) -> Value? { self[property.rawValue] }

  /// The value of `property` in a map of the root interface's properties by name, such as
  /// `GetAll`'s answer.
  package subscript(property property: RootProperty) -> Value? { self[property.rawValue] }
}
