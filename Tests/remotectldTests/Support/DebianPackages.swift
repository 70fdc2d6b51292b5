import BusTestSupport
import Foundation

/// The Debian packages `make deb` built (remotectl, remotectld and binaural), and the machine's
/// package tools, for the package test: it installs them with apt-get, as a user does, and purges
/// them again.
enum DebianPackages {
  /// The packages, as dpkg names them.
  static let names = ["remotectl", "remotectld", "binaural"]

  /// The folder of the built `.deb` files: `REMOTE_CONTROL_DEBS`, which `make check` sets once
  /// `make deb` has built them; `nil` when unset, and then the package test does not run (it
  /// installs into `/usr`, so only `make check` starts it, alone).
  static var folder: URL? {
    ProcessInfo.processInfo.environment["REMOTE_CONTROL_DEBS"].flatMap {
      $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true)
    }
  }

  /// What the package test needs: a folder of packages named (make check's package test), root,
  /// apt-get and dpkg.
  static var canRun: Requirement {
    .condition(folder != nil, "REMOTE_CONTROL_DEBS naming the packages (make check's package test)") && .root
      && .executable("apt-get", debianPackage: "apt") && .executable("dpkg-query", debianPackage: "dpkg")
  }

  /// The `.deb` file of each package in `folder`, in ``names``' order.
  static func files(in folder: URL) throws -> [URL] {
    let contents = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    return try names.map { name in
      let matches = contents.filter { $0.hasPrefix("\(name)_") && $0.hasSuffix(".deb") }
      guard matches.count == 1 else {
        throw TestFailure("expected one \(name)_*.deb in \(folder.path), found \(matches)")
      }
      return folder.appendingPathComponent(matches[0])
    }
  }

  /// apt-get with `arguments`, asking no questions.
  static func apt(_ arguments: [String]) async throws -> ClientResult {
    try await ChildProcess.run(
      "apt-get", arguments, environment: ["DEBIAN_FRONTEND": "noninteractive"], timeout: .seconds(120))
  }

  /// Those of ``names`` that dpkg knows as installed, or whose configuration files it keeps.
  static func present() async throws -> [String] {
    var present: [String] = []
    for name in names {
      let status = try await ChildProcess.run("dpkg-query", ["-W", "-f=${db:Status-Abbrev}", name])
      if status.status == 0, !status.output.hasPrefix("un"), !status.output.isEmpty { present.append(name) }
    }
    return present
  }

  /// The version dpkg has installed of `name`.
  static func version(of name: String) async throws -> String {
    try await ChildProcess.run("dpkg-query", ["-W", "-f=${Version}", name]).output
  }

  /// Every path dpkg lists for the installed packages (`dpkg -L`).
  static func listedPaths() async throws -> [String] {
    let listing = try await ChildProcess.run("dpkg", ["-L"] + names)
    guard listing.status == 0 else { throw TestFailure("\(listing)") }
    return listing.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
  }

  /// A line for every entry under `/usr`: its type, mode, owner and path, and for all but folders
  /// (whose size and times change when entries come and go) its size, modification time and link
  /// target. Written sorted to `file`, and returned as a set.
  static func snapshotOfUsr(to file: URL) async throws -> Set<String> {
    let find = try await ChildProcess.run(
      "sh",
      [
        "-c",
        """
        find /usr -xdev \\( -type d -printf 'd %m %U:%G %p\\n' \\) -o -printf '%y %m %U:%G %s %T@ %l %p\\n' \
          | LC_ALL=C sort > "$1"
        """,
        "sh", file.path,
      ], timeout: .seconds(60))
    guard find.status == 0 else { throw TestFailure("\(find)") }
    return Set(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init))
  }

  /// The document at `url` (fetched by Python's urllib), or the error it got.
  static func fetch(_ url: String) async throws -> ClientResult {
    try await ChildProcess.run(
      "python3",
      [
        "-c",
        "import sys, urllib.request; "
          + "sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())",
        url,
      ])
  }
}
