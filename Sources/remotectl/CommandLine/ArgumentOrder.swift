/// Moves the verb to the front of the arguments, so that global options may come before it, as
/// playerctl allows: `remotectl -p vlc status` parses as `remotectl status -p vlc`.
enum ArgumentOrder {
  /// The options that take a value in the next argument (unless written `--opt=value` or `-pNAME`).
  static let optionsWithValues: Set<String> = ["-p", "--player", "-i", "--ignore-player", "-f", "--format"]

  /// The arguments with the first non-option argument (the verb) moved to the front.
  static func verbFirst(_ arguments: [String]) -> [String] {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" { return arguments }
      if !argument.hasPrefix("-") || argument == "-" {
        var reordered = arguments
        let verb = reordered.remove(at: index)
        return [verb] + reordered
      }
      index += optionsWithValues.contains(argument) ? 2 : 1
    }
    return arguments
  }
}
