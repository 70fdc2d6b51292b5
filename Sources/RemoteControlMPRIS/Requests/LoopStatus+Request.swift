extension LoopStatus {
  /// The loop status a client wrote to `org.mpris.MediaPlayer2.Player.LoopStatus`.
  ///
  /// - Throws: ``RequestRefusal`` naming the value and the three the spec allows.
  init(requested text: String) throws(RequestRefusal) {
    guard let status = LoopStatus(rawValue: text) else {
      let allowed = LoopStatus.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw RequestRefusal("LoopStatus \"\(text)\" is not one of \(allowed)")
    }
    self = status
  }
}
