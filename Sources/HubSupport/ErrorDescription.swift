import FoundationEssentials
import Glibc

/// An error in words a user can act on, where full Foundation's `localizedDescription` was used.
///
/// A file error from FoundationEssentials reads as its own description when it has one, else as
/// the system's reason (`strerror`, such as "No such file or directory"), else as what its code
/// means; any other error as its own description.
package func errorDescription(_ error: any Error) -> String {
  if let error = error as? CocoaError {
    if let described = error.userInfo["NSLocalizedDescription"] as? String { return described }
    if let underlying = error.userInfo["NSUnderlyingError"] as? POSIXError {
      return String(cString: strerror(underlying.code.rawValue))
    }
    switch error.code {
    case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
    case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
    case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
    case .fileReadInapplicableStringEncoding: return "the file is not UTF-8 text"
    case .fileWriteUnknown: return "the file could not be written"
    default: return "the file could not be read (error \(error.code.rawValue))"
    }
  }
  if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
  return "\(error)"
}
