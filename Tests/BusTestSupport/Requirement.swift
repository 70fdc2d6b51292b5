import Foundation
package import Testing

/// What a test needs of the machine, each part named with where it comes from, so that a skipped
/// test says which part was missing (Swift Testing's skip comment) and `scripts/skipped-tests.py`
/// can tell a part `make test` installs (a skip that must fail the run) from one it cannot
/// (root, an opt-in): `.enabled(if: HubTools.canRun && ShairportSync.isInstalled)`.
package struct Requirement: Sendable {
  /// The parts missing here, each as ``part(_:from:isPresent:)`` names it.
  package let missing: [String]

  /// Whether every part is here.
  package var isMet: Bool { missing.isEmpty }

  /// What the skip says: the parts missing, each with where it comes from.
  package var comment: Comment { Comment(rawValue: "missing " + missing.joined(separator: "; ")) }

  /// Nothing: met everywhere.
  package static var nothing: Requirement { Requirement(missing: []) }

  /// Needs both.
  package static func && (left: Requirement, right: Requirement) -> Requirement {
    Requirement(missing: left.missing + right.missing)
  }

  /// `name`, which `source` brings, missing unless `isPresent`.
  package static func part(_ name: String, from source: Source, isPresent: Bool) -> Requirement {
    Requirement(missing: isPresent ? [] : ["\(name) (\(source.said))"])
  }

  /// The executable `name` on PATH, from the Debian package `package`.
  package static func executable(_ name: String, debianPackage package: String) -> Requirement {
    part(name, from: .debianPackage(package), isPresent: ChildProcess.which(name) != nil)
  }

  /// The file at `path`, from the Debian package `package`.
  package static func file(_ path: String, debianPackage package: String) -> Requirement {
    part(path, from: .debianPackage(package), isPresent: FileManager.default.fileExists(atPath: path))
  }

  /// The executable this package builds at `path` (``BuiltProducts``).
  package static func built(_ path: String) -> Requirement {
    part(path, from: .build, isPresent: FileManager.default.isExecutableFile(atPath: path))
  }

  /// A condition `make test` cannot bring about (root, an opt-in variable), said as `reason`.
  package static func condition(_ isMet: Bool, _ reason: String) -> Requirement {
    part(reason, from: .notMakeTest, isPresent: isMet)
  }

  /// Where a part comes from: the words the skip report reads.
  package enum Source: Sendable {
    /// A Debian package (the Makefile's TEST_PACKAGES, BROWSER_PACKAGES or BUILD_PACKAGES install it
    /// if it is one of theirs).
    case debianPackage(String)
    /// `swift build --build-tests`.
    case build
    /// The browser tests' virtual environment (`scripts/browser-venv.sh`).
    case browserVenv
    /// Nothing `make test` does.
    case notMakeTest

    var said: String {
      switch self {
      case .debianPackage(let name): "Debian package \(name)"
      case .build: "built by swift build --build-tests"
      case .browserVenv: "made by scripts/browser-venv.sh"
      case .notMakeTest: "not something make test installs"
      }
    }
  }

  // MARK: - The parts many tests need

  /// The bus daemon.
  package static var dbusDaemon: Requirement { executable("dbus-daemon", debianPackage: "dbus-daemon") }
  /// GLib's D-Bus client.
  package static var gdbus: Requirement { executable("gdbus", debianPackage: "libglib2.0-bin") }
  /// systemd's D-Bus client.
  package static var busctl: Requirement { executable("busctl", debianPackage: "systemd") }
  /// playerctl.
  package static var playerctl: Requirement { executable("playerctl", debianPackage: "playerctl") }
  /// playerctl's daemon.
  package static var playerctld: Requirement { executable("playerctld", debianPackage: "playerctl") }
  /// mpv.
  package static var mpv: Requirement { executable("mpv", debianPackage: "mpv") }
  /// mpv-mpris's plugin (``MPVPlugin/mpris``).
  package static var mpvMPRIS: Requirement {
    part("mpv-mpris's mpris.so", from: .debianPackage("mpv-mpris"), isPresent: MPVPlugin.mpris != nil)
  }
  /// curl.
  package static var curl: Requirement { executable("curl", debianPackage: "curl") }
  /// Debian's python3 with python3-dbus and python3-gi (``PrivateBus/python3``).
  package static var python3: Requirement { file(PrivateBus.python3, debianPackage: "python3-dbus") }
  /// bubblewrap.
  package static var bwrap: Requirement { executable("bwrap", debianPackage: "bubblewrap") }
  /// util-linux's `script`, a terminal for a program.
  package static var script: Requirement { executable("script", debianPackage: "bsdutils") }
  /// tmux.
  package static var tmux: Requirement { file("/usr/bin/tmux", debianPackage: "tmux") }
  /// Running as root.
  package static var root: Requirement { condition(getuid() == 0, "root") }
  /// The variable `name` set: a measurement run on demand.
  package static func optIn(_ name: String) -> Requirement {
    condition(ProcessInfo.processInfo.environment[name] != nil, "\(name) set (a measurement run on demand)")
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where `requirement` is met; the skip names the parts missing.
  package static func enabled(
    if requirement: Requirement, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    .enabled(if: requirement.isMet, requirement.comment, sourceLocation: sourceLocation)
  }
}
