/// One key–value entry of a D-Bus dictionary (`{KV}`).
package struct DictionaryEntry: Sendable, Hashable {
  /// The key, a basic-typed value.
  package var key: Value
  /// The value.
  package var value: Value

  /// Creates an entry.
  package init(key: Value, value: Value) {
    self.key = key
    self.value = value
  }
}
