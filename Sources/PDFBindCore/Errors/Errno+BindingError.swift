import SystemPackage

// The one place where system errors become a user's words.
extension BindingError {
  /// An error from opening or reading an input.
  init(reading error: Errno) {
    switch error {
    case .noSuchFileOrDirectory, .notDirectory: self = .notFound
    case .permissionDenied, .notPermitted: self = .permissionDenied
    case .isDirectory: self = .isDirectory
    default: self = .readFailed(reason: error.description)
    }
  }

  /// An error from listing a directory during a -r walk.
  public init(walking error: Errno) {
    switch error {
    case .permissionDenied, .notPermitted: self = .directoryPermissionDenied
    default: self = .directoryUnreadable(reason: error.description)
    }
  }

  /// An error from creating, writing, flushing or renaming a result; `operation` says which.
  init(writing error: any Error, operation: String) {
    switch error as? Errno ?? .ioError {
    case .noSpace, .diskQuotaExceeded: self = .noSpace
    case .permissionDenied, .readOnlyFileSystem, .notPermitted: self = .readOnlyFile
    case let other: self = .writeFailed(operation: operation, reason: other.description)
    }
  }

  /// An error from creating or writing a new file that holds no original (preview's picture):
  /// there is nothing to keep, so the words say which file and why.
  init(creating error: any Error, operation: String) {
    switch error as? Errno ?? .ioError {
    case .noSpace, .diskQuotaExceeded:
      self = .writeFailed(operation: operation, reason: "no space left on the device")
    case let other: self = .writeFailed(operation: operation, reason: other.description)
    }
  }
}
