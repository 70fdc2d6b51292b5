import ArgumentParser
import Foundation
import Logging
import Testing

@testable import HubAudioSession
@testable import HubCore
@testable import HubWebRemote
@testable import remotectld

/// remotectld's table of options, in process: every flag the help shows is a row and parses,
/// each option's flag and its configuration-file key resolve to the same setting, the help states
/// the default the hub uses (once), and a key the table does not know (or one routed to another
/// option) never turns on exclusive playback.
@Suite("The table of options: one flag, one key, one setting each")
struct HubOptionTests {
  /// A value each option that takes one is tried with; a row added without one fails the pin.
  static let samples = [
    "proxy": "on", "call-roles": "voip", "public-origin": "https://music.example.org",
    "ignore-player": "vlc", "config": "/nonexistent/remotectld.conf", "bus-address": "unix:path=/tmp/bus",
    "http-port": "0", "log-level": "debug", "bridge-origin": "https://music.example", "bridge-port": "0",
    "bridge-heartbeat": "1.5",
  ]

  /// The configuration the hub runs with for `arguments` and a configuration file holding `text`.
  static func configuration(_ arguments: [String] = [], file text: String = "") throws
    -> HubService.Configuration
  {
    let command = try RemotectldCommand.parse(arguments)
    return try command.configuration(file: ConfigurationFile.parse(text, path: "remotectld.conf"))
  }

  @Test("every option's flag and key resolve to the same configuration", arguments: HubOption.fileOptions)
  func flagAndKeyResolveToTheSameSetting(option: HubOption) throws {
    let key = try #require(option.key)
    let defaults = try Self.configuration()
    if option.values == "yes|no" {
      let onByFlag = try Self.configuration(["--\(option.flag)"])
      #expect(onByFlag == (try Self.configuration(file: "\(key) = yes")), "\(option.flag)")
      // `--lan` has no `--no-lan`: off is its default, which `lan = no` keeps.
      let offByFlag = option.flag == "lan" ? defaults : try Self.configuration(["--no-\(option.flag)"])
      #expect(offByFlag == (try Self.configuration(file: "\(key) = no")), "\(option.flag)")
      // The help's default is the hub's: the other value is a change.
      #expect((option.isOnByDefault ? onByFlag : offByFlag) == defaults, "\(option.flag)'s default")
      #expect((option.isOnByDefault ? offByFlag : onByFlag) != defaults, "\(option.flag) changes nothing")
    } else {
      let value = try #require(Self.samples[key], "\(key) needs a sample value in this test")
      let byFlag = try Self.configuration(["--\(option.flag)", value])
      #expect(byFlag == (try Self.configuration(file: "\(key) = \(value)")), "\(option.flag)")
      #expect(byFlag != defaults, "\(option.flag) \(value) changes nothing")
    }
  }

  @Test("the command line wins over the file, option by option", arguments: HubOption.fileOptions)
  func theCommandLineWins(option: HubOption) throws {
    guard option.values == "yes|no", option.flag != "lan", let key = option.key else { return }
    let flag = option.isOnByDefault ? "--no-\(option.flag)" : "--\(option.flag)"
    let word = option.isOnByDefault ? "yes" : "no"
    #expect(
      try Self.configuration([flag]) == (try Self.configuration([flag], file: "\(key) = \(word)")),
      "\(flag)")
  }

  @Test(
    "a yes/no key other than exclusive never turns on exclusive playback", arguments: HubOption.fileOptions)
  func otherKeysLeaveExclusiveOff(option: HubOption) throws {
    guard option.values == "yes|no", let key = option.key, key != HubOption.exclusive.key else { return }
    for word in ["yes", "no"] {
      let file = try ConfigurationFile.parse("\(key) = \(word)", path: "remotectld.conf")
      #expect(file.isExclusive == nil, "\(key) = \(word) set exclusive")
      #expect(try Self.configuration(file: "\(key) = \(word)").audioSession.isExclusive == false)
    }
  }

  @Test("an unknown key is refused, naming the file's line and every key the table knows")
  func unknownKeysAreRefused() throws {
    // Options only the command line gives have no key: the file refuses them.
    for key in ["exclusiv", "Exclusive", "pause-on-route", "bus-address", "http-port", "bridge-origin"] {
      let error = #expect(throws: HubError.self) {
        try ConfigurationFile.parse("# one\n\(key) = yes\n", path: "remotectld.conf")
      }
      let message = error?.description ?? ""
      #expect(message.hasPrefix("remotectld.conf:2: unknown key \"\(key)\""), "\(message)")
      for key in HubOption.fileOptions.compactMap(\.key) {
        #expect(message.contains(key), "\(message) leaves out \(key)")
      }
    }
  }

  @Test("each key and flag is one row's, and the help shows every row's flag, key and default")
  func theTableIsWhatTheHelpSays() throws {
    let keys = HubOption.all.compactMap(\.key)
    #expect(Set(keys).count == keys.count)
    #expect(keys.count == HubOption.fileOptions.count)
    #expect(Set(HubOption.all.map(\.flag)).count == HubOption.all.count)
    let help = RemotectldCommand.helpMessage(columns: 10_000)
    for option in HubOption.all {
      #expect(help.contains("--\(option.flag)"), "the help has no --\(option.flag)")
      if let value = option.defaultValue {
        #expect(help.contains("(default: \(value))"), "the help does not say \(option.flag)'s default")
      }
    }
    for option in HubOption.fileOptions {
      let key = try #require(option.key)
      #expect(help.contains("\(key) = \(option.values)"), "the help has no \(key) = \(option.values)")
    }
    #expect(try Self.configuration().proxy.rawValue == HubOption.proxy.defaultValue)
  }

  /// The flags of the help's option lists: each line's names column, before its help.
  static func flagsInHelp() -> Set<String> {
    let help = RemotectldCommand.helpMessage(columns: 10_000)
    var flags: Set<String> = []
    for line in help.split(separator: "\n") where line.hasPrefix("  -") {
      let names = line.dropFirst(2).split(separator: "  ", maxSplits: 1)[0]
      for word in names.split(whereSeparator: { " ,/".contains($0) }) where word.hasPrefix("-") {
        flags.insert(String(word))
      }
    }
    return flags
  }

  @Test("every flag the help shows is a row of the table")
  func everyFlagInTheHelpIsARow() {
    let flags = Self.flagsInHelp()
    #expect(
      flags.contains("--bridge-origin") && flags.contains("-i"), "the help's flags were not read: \(flags)")
    var rowFlags: Set<String> = ["--help", "-h", "--version"]
    for option in HubOption.all {
      rowFlags.insert("--\(option.flag)")
      if option.values == "yes|no" { rowFlags.insert("--no-\(option.flag)") }
      if let short = option.short { rowFlags.insert("-\(short)") }
    }
    #expect(
      flags.subtracting(rowFlags).isEmpty, "flags without a row: \(flags.subtracting(rowFlags).sorted())")
  }

  @Test("every row's flag parses, its short one and its --no- form too", arguments: HubOption.all)
  func everyRowsFlagParses(option: HubOption) throws {
    var names = ["--\(option.flag)"] + (option.short.map { ["-\($0)"] } ?? [])
    if option.values == "yes|no", Self.flagsInHelp().contains("--no-\(option.flag)") {
      names.append("--no-\(option.flag)")
    }
    for name in names {
      if option.valueName == nil {
        _ = try RemotectldCommand.parse([name])
      } else {
        let value = try #require(
          Self.samples[option.flag], "--\(option.flag) needs a sample value in this test")
        _ = try RemotectldCommand.parse([name, value])
      }
    }
  }

  @Test("the help says each default once, and it is the one the hub uses")
  func eachDefaultOnceAndTheHubs() throws {
    let help = RemotectldCommand.helpMessage(columns: 10_000)
    let said = help.components(separatedBy: "(default:").count - 1
    #expect(said == HubOption.all.filter { $0.defaultValue != nil }.count, "\(said) defaults in the help")
    let command = try RemotectldCommand.parse([])
    let configuration = try command.configuration(file: ConfigurationFile())
    #expect(String(configuration.http.port) == HubOption.httpPort.defaultValue)
    #expect(configuration.answersPlayerctld == HubOption.playerctld.isOnByDefault)
    #expect(command.level?.rawValue == HubOption.logLevel.defaultValue)
    #expect(command.bridge.isEnabled == HubOption.bridge.isOnByDefault)
    #expect(String(command.bridge.port) == HubOption.bridgePort.defaultValue)
    #expect(String(command.bridge.heartbeat) == HubOption.bridgeHeartbeat.defaultValue)
  }
}

extension HubOption: CustomTestStringConvertible {
  /// The flag, so that a test case names its row rather than printing every field.
  public var testDescription: String {
    longFlag
  }
}
