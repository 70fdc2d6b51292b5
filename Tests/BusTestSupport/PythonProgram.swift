import Foundation

/// A Python program of the tests (python3-dbus players, clients, stand-ins), kept in a `.py` file
/// beside the Swift file that runs it, where `make lint`'s pyflakes and the duplicate finder read
/// it; each test target excludes its `.py` files from the build, and they are found from
/// `#filePath`, as ``Browser`` finds `selenium_driver.py`.
package enum PythonProgram {
  /// The path of the program `name` in the folder of `file` (the calling Swift file).
  package static func path(_ name: String, beside file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name).path
  }

  /// The folder of `file` (the calling Swift file), where its Python programs and modules are.
  package static func folder(beside file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().path
  }

  /// What a program needs in its environment to import the modules in `folders` (made with
  /// ``folder(beside:)``): `PYTHONPATH`, set where the program is started. A program run from its
  /// file finds the modules beside it without it; one started from elsewhere, or from another
  /// folder, does not.
  package static func importing(_ folders: String...) -> [String: String] {
    ["PYTHONPATH": folders.joined(separator: ":")]
  }

  /// The text of the program `name` in the folder of `file` (the calling Swift file), for
  /// `python3 -c` or to be written into a bus's folder. A missing file stops the test run with
  /// its path: the tests run from the package's checkout.
  package static func source(_ name: String, beside file: String = #filePath) -> String {
    let path = path(name, beside: file)
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      preconditionFailure("the test program \(path) cannot be read: \(error)")
    }
  }
}
