import Foundation
import Testing

@testable import HubCore
@testable import HubRelaunch
@testable import remotectld

/// Reading a desktop file and its `Exec` as the Desktop Entry Specification says, in process:
/// what the relauncher starts when a player has no D-Bus activation file.
@Suite("Desktop files: the group, the escapes, Exec's quoting and field codes")
struct DesktopFileTests {
  static func file(_ text: String) -> DesktopFile {
    DesktopFile.parse(text, id: "org.example.Player", path: "/apps/org.example.Player.desktop")
  }

  @Test func `only the Desktop Entry group's own keys count, not an action's or a translation's`() {
    let file = Self.file(
      """
      # a comment
      [Desktop Action new-window]
      Exec=player --new-window

      [Desktop Entry]
      Name = Player
      Name[de]=Spieler
      Exec[de]=spieler
      Icon=org.example.Player
      Exec=player %U
      DBusActivatable=false

      [Desktop Action quit]
      Exec=player --quit
      """)
    #expect(file.name == "Player")
    #expect(file.icon == "org.example.Player")
    #expect(file.exec == "player %U")
    #expect(!file.isDBusActivatable)
    #expect(Self.file("[Desktop Entry]\nDBusActivatable=true\n").isDBusActivatable)
  }

  @Test func `a string value's escapes are undone; other backslashes stay for Exec's quoting`() {
    #expect(DesktopFile.unescape(#"a\sb\tc\nd\re\\f"#) == "a b\tc\nd\re\\f")
    #expect(DesktopFile.unescape(#"say \"hi\" \$HOME"#) == #"say \"hi\" \$HOME"#)
    #expect(DesktopFile.unescape(#"trailing\"#) == #"trailing\"#)
  }

  @Test func `Exec is split by its quoting rules, with no shell`() throws {
    // `\s` is a space once the value is unescaped, and an unquoted space separates words.
    let exec = #""/opt/My Player/bin/player" --title=Two\sWords "say \\"hi\\"" "\\$HOME" '|' ; %U"#
    let file = Self.file("[Desktop Entry]\nExec=\(exec)\n")
    #expect(
      try file.commandLine() == [
        "/opt/My Player/bin/player", "--title=Two", "Words", #"say "hi""#, "$HOME", "'|'", ";",
      ])
  }

  @Test func `field codes: files and URLs dropped, the icon, the name, the file's path and a percent`()
    throws
  {
    let file = Self.file(
      """
      [Desktop Entry]
      Name=Player
      Icon=player-icon
      Exec=player %f %F %u %U %d %D %n %N %v %m %i --name=%c --from=%k --files=%F 100%%
      """)
    #expect(
      try file.commandLine() == [
        "player", "--icon", "player-icon", "--name=Player", "--from=/apps/org.example.Player.desktop",
        "--files=", "100%",
      ])
    // %i with no Icon key is left out, as gio does.
    #expect(try Self.file("[Desktop Entry]\nExec=player %i\n").commandLine() == ["player"])
  }

  @Test func `no Exec, an empty one, only field codes, an unclosed quote: errors naming the file`() {
    let cases = [
      ("[Desktop Entry]\nName=Player\n", "has no Exec line"),
      ("[Desktop Entry]\nExec=   \n", "has no Exec line"),
      ("[Desktop Entry]\nExec=%U\n", "Exec names no program"),
      ("[Desktop Entry]\nExec=player \"--title=open\n", "Exec has an unclosed quote"),
    ]
    for (text, reason) in cases {
      #expect {
        try Self.file(text).commandLine()
      } throws: { error in
        let message = (error as? HubError)?.description ?? ""
        return message.contains("/apps/org.example.Player.desktop") && message.contains(reason)
      }
    }
  }

  @Test func `found in XDG_DATA_HOME first, then XDG_DATA_DIRS, a dash of the ID maybe a subfolder`() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func write(_ folder: String, _ name: String, exec: String) throws {
      let url = root.appendingPathComponent("\(folder)/applications/\(name)")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try "[Desktop Entry]\nExec=\(exec)\n".write(to: url, atomically: true, encoding: .utf8)
    }
    try write("home", "player.desktop", exec: "home-player")
    try write("system", "player.desktop", exec: "system-player")
    try write("system", "vendor/tool.desktop", exec: "vendor-tool")
    try write("system", "vendor/my-tool.desktop", exec: "vendor-my-tool")
    let environment = [
      "XDG_DATA_HOME": root.appendingPathComponent("home").path,
      "XDG_DATA_DIRS": "relative/ignored:" + root.appendingPathComponent("system").path,
    ]
    #expect(try DesktopFile.find(id: "player", environment: environment)?.exec == "home-player")
    #expect(try DesktopFile.find(id: "vendor-tool", environment: environment)?.exec == "vendor-tool")
    #expect(try DesktopFile.find(id: "vendor-my-tool", environment: environment)?.exec == "vendor-my-tool")
    #expect(
      DesktopFile.relativePaths(of: "a-b-c") == [
        "a-b-c.desktop", "a/b-c.desktop", "a-b/c.desktop", "a/b/c.desktop",
      ])
    #expect(try DesktopFile.find(id: "absent", environment: environment) == nil)
    #expect(
      DesktopFile.dataFolders(environment: ["HOME": "/home/u"]) == [
        "/home/u/.local/share", "/usr/local/share", "/usr/share",
      ])
  }
}
