/// A device's name for people, from what the page said or its `User-Agent`.
enum DeviceName {
  /// The longest name kept.
  static let maximumLength = 64

  /// `given` when the page gave a name (trimmed, control characters dropped), else the
  /// browser and system `userAgent` names, such as `Chrome on Android`.
  static func make(given: String?, userAgent: String?) -> String {
    if let given {
      let cleaned = String(
        given.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
      let trimmed = cleaned.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
      if !trimmed.isEmpty { return String(trimmed.prefix(maximumLength)) }
    }
    let agent = userAgent ?? ""
    let browser =
      [("Firefox/", "Firefox"), ("Edg/", "Edge"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
      .first { agent.contains($0.0) }?.1
    let system =
      [
        ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
        ("Mac OS", "macOS"),
        ("Linux", "Linux"),
      ]
      .first { agent.contains($0.0) }?.1
    switch (browser, system) {
    case (let browser?, let system?): return "\(browser) on \(system)"
    case (let browser?, nil): return browser
    case (nil, let system?): return system
    case (nil, nil): return "a browser"
    }
  }
}
