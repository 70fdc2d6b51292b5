import ArgumentParser
import Testing

@testable import remotectld

/// remotectld's table of options, in process: each option's flag and its configuration-file key
/// resolve to the same setting, the help states the default the hub uses, and a key the table
/// does not know (or one routed to another option) never turns on exclusive playback.
@Suite("The table of options: one flag, one key, one setting each")
struct HubOptionTests {
  /// A value each option that takes one is tried with; a row added without one fails the pin.
  static let samples = [
    "proxy": "on", "call-roles": "voip", "public-origin": "https://music.example.org",
  ]

  /// The configuration the hub runs with for `arguments` and a configuration file holding `text`.
  static func configuration(_ arguments: [String] = [], file text: String = "") throws
    -> HubService.Configuration
  {
    let command = try RemotectldCommand.parse(arguments)
    return try command.configuration(file: ConfigurationFile.parse(text, path: "remotectld.conf"))
  }

  @Test("every option's flag and key resolve to the same configuration", arguments: HubOption.all)
  func flagAndKeyResolveToTheSameSetting(option: HubOption) throws {
    let defaults = try Self.configuration()
    if option.values == "yes|no" {
      let onByFlag = try Self.configuration(["--\(option.flag)"])
      #expect(onByFlag == (try Self.configuration(file: "\(option.key) = yes")), "\(option.flag)")
      // `--lan` has no `--no-lan`: off is its default, which `lan = no` keeps.
      let offByFlag = option.flag == "lan" ? defaults : try Self.configuration(["--no-\(option.flag)"])
      #expect(offByFlag == (try Self.configuration(file: "\(option.key) = no")), "\(option.flag)")
      // The help's default is the hub's: the other value is a change.
      #expect((option.isOnByDefault ? onByFlag : offByFlag) == defaults, "\(option.flag)'s default")
      #expect((option.isOnByDefault ? offByFlag : onByFlag) != defaults, "\(option.flag) changes nothing")
    } else {
      let value = try #require(Self.samples[option.key], "\(option.key) needs a sample value in this test")
      let byFlag = try Self.configuration(["--\(option.flag)", value])
      #expect(byFlag == (try Self.configuration(file: "\(option.key) = \(value)")), "\(option.flag)")
      #expect(byFlag != defaults, "\(option.flag) \(value) changes nothing")
    }
  }

  @Test("the command line wins over the file, option by option", arguments: HubOption.all)
  func theCommandLineWins(option: HubOption) throws {
    guard option.values == "yes|no", option.flag != "lan" else { return }
    let flag = option.isOnByDefault ? "--no-\(option.flag)" : "--\(option.flag)"
    let word = option.isOnByDefault ? "yes" : "no"
    #expect(
      try Self.configuration([flag]) == (try Self.configuration([flag], file: "\(option.key) = \(word)")),
      "\(flag)")
  }

  @Test("a yes/no key other than exclusive never turns on exclusive playback", arguments: HubOption.all)
  func otherKeysLeaveExclusiveOff(option: HubOption) throws {
    guard option.values == "yes|no", option.key != HubOption.exclusive.key else { return }
    for word in ["yes", "no"] {
      let file = try ConfigurationFile.parse("\(option.key) = \(word)", path: "remotectld.conf")
      #expect(file.isExclusive == nil, "\(option.key) = \(word) set exclusive")
      #expect(try Self.configuration(file: "\(option.key) = \(word)").audioSession.isExclusive == false)
    }
  }

  @Test("an unknown key is refused, naming the file's line and every key the table knows")
  func unknownKeysAreRefused() throws {
    for key in ["exclusiv", "Exclusive", "pause-on-route", "bus-address"] {
      let error = #expect(throws: HubError.self) {
        try ConfigurationFile.parse("# one\n\(key) = yes\n", path: "remotectld.conf")
      }
      let message = error?.description ?? ""
      #expect(message.hasPrefix("remotectld.conf:2: unknown key \"\(key)\""), "\(message)")
      for option in HubOption.all {
        #expect(message.contains(option.key), "\(message) leaves out \(option.key)")
      }
    }
  }

  @Test("each key and flag is one row's, and the help shows every row's flag, key and default")
  func theTableIsWhatTheHelpSays() throws {
    #expect(Set(HubOption.all.map(\.key)).count == HubOption.all.count)
    #expect(Set(HubOption.all.map(\.flag)).count == HubOption.all.count)
    let help = RemotectldCommand.helpMessage(columns: 10_000)
    for option in HubOption.all {
      #expect(help.contains("--\(option.flag)"), "the help has no --\(option.flag)")
      #expect(
        help.contains("\(option.key) = \(option.values)"), "the help has no \(option.key) = \(option.values)")
      if let value = option.defaultValue {
        #expect(help.contains("(default: \(value))"), "the help does not say \(option.flag)'s default")
      }
    }
    #expect(try Self.configuration().proxy.rawValue == HubOption.proxy.defaultValue)
  }
}
