extension QRCode {
  /// The code drawn with half blocks, two module rows per line, inside a quiet zone of four
  /// modules. With `colors` it sets black on white itself (ANSI), so it reads on any terminal;
  /// without, light modules are the blocks, as on a dark terminal.
  func terminalText(colors: Bool) -> String {
    let quiet = 4
    let width = size + 2 * quiet
    func isDark(_ x: Int, _ y: Int) -> Bool {
      let (column, row) = (x - quiet, y - quiet)
      guard (0..<size).contains(column), (0..<size).contains(row) else { return false }
      return modules[row][column]
    }
    var lines: [String] = []
    for y in stride(from: 0, to: width, by: 2) {
      var line = colors ? "\u{1B}[97;40m" : ""
      for x in 0..<width {
        let top = isDark(x, y)
        let bottom = y + 1 < width ? isDark(x, y + 1) : false
        switch (top, bottom) {
        case (false, false): line += "█"
        case (false, true): line += "▀"
        case (true, false): line += "▄"
        case (true, true): line += " "
        }
      }
      if colors { line += "\u{1B}[0m" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
