/// Why the input devices cannot be read: what was tried, on which path, and the system's reason.
package struct InputDeviceError: Error, Sendable, CustomStringConvertible {
  /// What was tried: "watch", "open".
  package var operation: String
  /// The file or folder.
  package var path: String
  /// The `errno` the system gave.
  package var code: Int32

  /// The failure of `operation` on `path` with `errno` `code`.
  package init(_ operation: String, _ path: String, code: Int32) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  /// Whether the failure is the user's lack of access: the udev rule that gives it is missing.
  package var isPermissionDenied: Bool { code == Syscalls.permissionDenied }

  package var description: String {
    let reason = Syscalls.describe(code)
    return switch operation {
    case "watch":
      "cannot watch \(path) for input devices (\(reason)): headset keys and held seek keys are not read"
    case "open" where isPermissionDenied:
      "cannot read \(path) (\(reason)): the udev rule remotectld installs "
        + "(70-remote-control-headset.rules) gives the seat's user its headset keys; "
        + "reload udev (`udevadm control --reload && udevadm trigger -s input`) or log in again"
    default: "cannot \(operation) \(path): \(reason)"
    }
  }
}
