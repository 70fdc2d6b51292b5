/// Trimming white space, which Foundation's `trimmingCharacters(in:)` does and
/// FoundationEssentials does not.
extension StringProtocol {
  /// The text without the spaces and tabs (Unicode white space other than line breaks) at either
  /// end, as `trimmingCharacters(in: .whitespaces)`.
  package func trimmingSpaces() -> String {
    trimming { $0.isWhitespace && !$0.isNewline }
  }

  /// The text without white space or line breaks at either end, as
  /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
  package func trimmingWhitespace() -> String {
    trimming(\.isWhitespace)
  }

  private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(self[first...last])
  }
}
