import Glibc

/// The folders of the XDG Base Directory Specification, read by one rule for every program of
/// the package: a variable counts only when it holds an absolute path (the specification: "If an
/// implementation encounters a relative path in any of these variables it should consider the
/// path invalid and ignore it"); otherwise a home folder is its default under `$HOME` (or, when
/// `HOME` is unset, the user's home from the password database), and the runtime folder is
/// missing.
///
/// Plain C calls, no Foundation: `remotectl` reads it on every media key press.
package enum BaseDirectory: Sendable {
  /// `$XDG_CONFIG_HOME`, by default `~/.config`.
  case config
  /// `$XDG_STATE_HOME`, by default `~/.local/state`.
  case state
  /// `$XDG_DATA_HOME`, by default `~/.local/share`.
  case data

  /// The variable that names the folder.
  package var variable: String {
    switch self {
    case .config: "XDG_CONFIG_HOME"
    case .state: "XDG_STATE_HOME"
    case .data: "XDG_DATA_HOME"
    }
  }

  /// Where the folder is when the variable does not name one, under the home folder.
  package var defaultUnderHome: String {
    switch self {
    case .config: ".config"
    case .state: ".local/state"
    case .data: ".local/share"
    }
  }

  /// The folder `environment` names (this process's when not given).
  package func path(in environment: [String: String]? = nil) -> String {
    let lookup = Self.lookup(environment)
    if let value = lookup(variable), value.hasPrefix("/") { return value }
    return Self.home(lookup) + "/" + defaultUnderHome
  }

  /// `$XDG_RUNTIME_DIR` when `environment` (this process's when not given) sets it to an
  /// absolute path; `nil` otherwise (the specification has no default for it).
  package static func runtime(in environment: [String: String]? = nil) -> String? {
    guard let value = lookup(environment)("XDG_RUNTIME_DIR"), value.hasPrefix("/") else { return nil }
    return value
  }

  /// `$HOME`, or the home folder the password database gives this user.
  private static func home(_ lookup: (String) -> String?) -> String {
    if let home = lookup("HOME"), !home.isEmpty { return home }
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
    return String(cString: directory)
  }

  /// Reads a variable from `environment`, or from this process's environment (`getenv`).
  private static func lookup(_ environment: [String: String]?) -> (String) -> String? {
    if let environment { return { environment[$0] } }
    return { name in getenv(name).map { String(cString: $0) } }
  }
}
