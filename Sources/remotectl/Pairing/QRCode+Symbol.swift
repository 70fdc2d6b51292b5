extension QRCode {
  /// The modules of a symbol being drawn, and which of them are function patterns (finders,
  /// timing, alignment, format and version information) that data and masks leave alone.
  struct Symbol: Sendable, Hashable {
    let version: Int
    let size: Int
    /// Row by row; `true` is dark.
    var modules: [[Bool]]
    /// Row by row; `true` for function modules.
    var isFunction: [[Bool]]

    init(version: Int) {
      self.version = version
      size = 17 + 4 * version
      modules = Array(repeating: Array(repeating: false, count: size), count: size)
      isFunction = modules
    }

    private mutating func setFunction(x: Int, y: Int, _ dark: Bool) {
      modules[y][x] = dark
      isFunction[y][x] = true
    }

    /// The centres of alignment patterns on each axis.
    private var alignmentPositions: [Int] {
      guard version > 1 else { return [] }
      let last = [18, 22, 26, 30, 34, 38, 42, 46, 50][version - 2]
      return version < 7 ? [6, last] : [6, (6 + last) / 2, last]
    }

    // MARK: - Function patterns

    mutating func drawFunctionPatterns() {
      for index in 0..<size {
        setFunction(x: 6, y: index, index % 2 == 0)
        setFunction(x: index, y: 6, index % 2 == 0)
      }
      drawFinder(x: 3, y: 3)
      drawFinder(x: size - 4, y: 3)
      drawFinder(x: 3, y: size - 4)
      let positions = alignmentPositions
      for (i, column) in positions.enumerated() {
        for (j, row) in positions.enumerated() {
          let last = positions.count - 1
          if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
          for dy in -2...2 {
            for dx in -2...2 { setFunction(x: column + dx, y: row + dy, max(abs(dx), abs(dy)) != 1) }
          }
        }
      }
      drawFormatBits(mask: 0)
      drawVersionBits()
    }

    private mutating func drawFinder(x: Int, y: Int) {
      for dy in -4...4 {
        for dx in -4...4 {
          let distance = max(abs(dx), abs(dy))
          let (column, row) = (x + dx, y + dy)
          if (0..<size).contains(column), (0..<size).contains(row) {
            setFunction(x: column, y: row, distance != 2 && distance != 4)
          }
        }
      }
    }

    /// The 15 format bits for level M and `mask`, twice, and the dark module.
    mutating func drawFormatBits(mask: Int) {
      let data = 0b00 << 3 | mask
      var remainder = data
      for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
      let bits = (data << 10 | remainder) ^ 0x5412
      func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
      for index in 0...5 { setFunction(x: 8, y: index, bit(index)) }
      setFunction(x: 8, y: 7, bit(6))
      setFunction(x: 8, y: 8, bit(7))
      setFunction(x: 7, y: 8, bit(8))
      for index in 9..<15 { setFunction(x: 14 - index, y: 8, bit(index)) }
      for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, bit(index)) }
      for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, bit(index)) }
      setFunction(x: 8, y: size - 8, true)
    }

    /// The 18 version bits, twice, from version 7 on.
    private mutating func drawVersionBits() {
      guard version >= 7 else { return }
      var remainder = version
      for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
      let bits = version << 12 | remainder
      for index in 0..<18 {
        let dark = (bits >> index) & 1 == 1
        let a = size - 11 + index % 3
        let b = index / 3
        setFunction(x: a, y: b, dark)
        setFunction(x: b, y: a, dark)
      }
    }

    // MARK: - Data

    /// Places `codewords` in the zigzag order, two columns at a time from the right.
    mutating func drawCodewords(_ codewords: [UInt8]) {
      var index = 0
      var right = size - 1
      while right >= 1 {
        if right == 6 { right = 5 }
        for vertical in 0..<size {
          for offset in 0..<2 {
            let x = right - offset
            let upward = (right + 1) & 2 == 0
            let y = upward ? size - 1 - vertical : vertical
            guard !isFunction[y][x], index < codewords.count * 8 else { continue }
            modules[y][x] = (codewords[index >> 3] >> (7 - (index & 7))) & 1 == 1
            index += 1
          }
        }
        right -= 2
      }
    }

    /// Inverts the data modules that `mask`'s pattern selects.
    mutating func applyMask(_ mask: Int) {
      for y in 0..<size {
        for x in 0..<size where !isFunction[y][x] {
          let invert: Bool
          switch mask {
          case 0: invert = (x + y) % 2 == 0
          case 1: invert = y % 2 == 0
          case 2: invert = x % 3 == 0
          case 3: invert = (x + y) % 3 == 0
          case 4: invert = (x / 3 + y / 2) % 2 == 0
          case 5: invert = x * y % 2 + x * y % 3 == 0
          case 6: invert = (x * y % 2 + x * y % 3) % 2 == 0
          default: invert = ((x + y) % 2 + x * y % 3) % 2 == 0
          }
          if invert { modules[y][x].toggle() }
        }
      }
    }

    // MARK: - Penalty

    /// The standard's penalty: runs of five or more, 2×2 blocks, finder-like patterns and the
    /// balance of dark and light.
    func penalty() -> Int {
      var result = 0
      let columns = (0..<size).map { x in (0..<size).map { y in modules[y][x] } }
      for line in modules + columns {
        var runColor = line[0]
        var runLength = 1
        for index in 1..<size {
          if line[index] == runColor {
            runLength += 1
          } else {
            if runLength >= 5 { result += 3 + runLength - 5 }
            runColor = line[index]
            runLength = 1
          }
        }
        if runLength >= 5 { result += 3 + runLength - 5 }
        result += 40 * finderLikePatterns(in: line)
      }
      for y in 0..<size - 1 {
        for x in 0..<size - 1 {
          let color = modules[y][x]
          if color == modules[y][x + 1], color == modules[y + 1][x], color == modules[y + 1][x + 1] {
            result += 3
          }
        }
      }
      let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
      let total = size * size
      let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
      result += k * 10
      return result
    }

    /// How often 1:1:3:1:1 dark–light pattern with four light modules on one side appears in
    /// `line` (outside the symbol counts as light).
    private func finderLikePatterns(in line: [Bool]) -> Int {
      let core: [Bool] = [true, false, true, true, true, false, true]
      let light = [Bool](repeating: false, count: 4)
      let padded = light + line + light
      var count = 0
      for start in 0...(padded.count - 11) {
        let window = Array(padded[start..<start + 11])
        if window == core + light || window == light + core { count += 1 }
      }
      return count
    }
  }
}
