/// Comparisons whose time does not depend on where their operands differ, for secrets (device
/// tokens, bridge tokens, digests) that an attacker must not learn byte by byte.
package enum ConstantTime {
  /// Whether `lhs` and `rhs` hold the same UTF-8 bytes, compared in time that depends only on
  /// their lengths.
  package static func equal(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }
}
