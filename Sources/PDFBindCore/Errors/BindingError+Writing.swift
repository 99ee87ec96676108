import SystemPackage

extension BindingError {
  /// Writing a result failed; the original is kept.
  public enum Writing: Equatable, Sendable, CustomStringConvertible {
    case readOnlyFile
    case directoryNotWritable(directory: String)
    case noSpace
    case failed(operation: String, reason: String)
    case changedWhileWorking
    case verificationFailed(String)

    public var description: String {
      switch self {
      case .readOnlyFile:
        "permission denied: the file is read-only"
      case .directoryNotWritable(let directory):
        "permission denied: cannot create a file in \(directory), which replacing the file "
          + "atomically needs"
      case .noSpace: "no space left on the device; the file is unchanged"
      case .failed(let operation, let reason): "\(operation) failed: \(reason)"
      case .changedWhileWorking:
        "the file changed on disk while pdfbind was working on it; left alone, run pdfbind again"
      case .verificationFailed(let why):
        "the updated file did not read back correctly (\(why)); the original is kept"
      }
    }
  }
}

// The one place where system errors become a user's words.
extension BindingError {
  /// An error from opening or reading an input.
  init(reading error: Errno) {
    switch error {
    case .noSuchFileOrDirectory, .notDirectory: self = .input(.notFound)
    case .permissionDenied, .notPermitted: self = .input(.permissionDenied)
    case .isDirectory: self = .input(.isDirectory)
    default: self = .input(.readFailed(reason: error.description))
    }
  }

  /// An error from creating, writing, flushing or renaming a result; `operation` says which.
  init(writing error: any Error, operation: String) {
    switch error as? Errno ?? .ioError {
    case .noSpace, .diskQuotaExceeded: self = .writing(.noSpace)
    case .permissionDenied, .readOnlyFileSystem, .notPermitted: self = .writing(.readOnlyFile)
    case let other: self = .writing(.failed(operation: operation, reason: other.description))
    }
  }

  /// An error from creating or writing a new file that holds no original (preview's picture):
  /// there is nothing to keep, so the words say which file and why.
  package init(creating error: any Error, operation: String) {
    switch error as? Errno ?? .ioError {
    case .noSpace, .diskQuotaExceeded:
      self = .writing(.failed(operation: operation, reason: "no space left on the device"))
    case let other: self = .writing(.failed(operation: operation, reason: other.description))
    }
  }
}
