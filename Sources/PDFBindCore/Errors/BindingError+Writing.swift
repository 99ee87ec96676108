import SystemPackage

extension BindingError {
  /// Writing a result failed; the original is kept.
  public enum Writing: Equatable, Sendable, CustomStringConvertible {
    case readOnlyFile
    case directoryNotWritable(directory: String)
    case noSpace
    /// A system call of writing failed: in which step, and the system's error.
    case failed(operation: Operation, error: Errno)
    /// qpdf could not rewrite the damaged file whole (``SaveOptions/repair``): qpdf's words.
    case rewriteFailed(detail: String)
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
      case .failed(let operation, let error):
        "\(operation) failed: "
          + ([.noSpace, .diskQuotaExceeded].contains(error)
            ? "no space left on the device" : error.description)
      case .rewriteFailed(let detail): "rewriting with qpdf failed: \(detail)"
      case .changedWhileWorking:
        "the file changed on disk while pdfbind was working on it; left alone, run pdfbind again"
      case .verificationFailed(let why):
        "the updated file did not read back correctly (\(why)); the original is kept"
      }
    }
  }
}

extension BindingError.Writing {
  /// The step of writing a result that failed.
  public enum Operation: Equatable, Sendable, CustomStringConvertible {
    /// Resolving the destination's path (its symbolic links).
    case resolvingPath
    /// Opening the file to append to it.
    case openingForWriting
    /// Reading the file's identity again before appending to it.
    case checkingFile
    /// Creating the new file in `directory`, beside the destination.
    case creatingFile(directory: String)
    /// Creating a temporary file in `directory` (a result for a device or a pipe, standard
    /// input kept for reading).
    case creatingTemporaryFile(directory: String)
    /// Writing the new file.
    case writing
    /// Writing the temporary copy a result for a device or pipe is built in.
    case writingTemporaryCopy
    /// Copying the result to its device, pipe or open descriptor.
    case writingOutput
    /// Renaming the new file over the destination.
    case renaming
    /// Appending the update to the file itself.
    case appending
    /// Cutting the file back to its length after an append that failed.
    case truncating
    /// Writing a picture (preview's) to `destination`: a path, or `standard output`.
    case writingPicture(destination: String)
    /// A step of a program built on the library, in its words ("writing the page").
    case other(String)

    public var description: String {
      switch self {
      case .resolvingPath: "resolving the path"
      case .openingForWriting: "opening for writing"
      case .checkingFile: "checking the file"
      case .creatingFile(let directory): "creating a file in \(directory)"
      case .creatingTemporaryFile(let directory): "creating a temporary file in \(directory)"
      case .writing: "writing"
      case .writingTemporaryCopy: "writing a temporary copy"
      case .writingOutput: "writing the output"
      case .renaming: "renaming the new file into place"
      case .appending: "appending"
      case .truncating: "truncating"
      case .writingPicture(let destination): "writing \(destination)"
      case .other(let words): words
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
    default: self = .input(.readFailed(error))
    }
  }

  /// An error from creating, writing, flushing or renaming a result; `operation` says which.
  init(writing error: any Error, operation: Writing.Operation) {
    switch error as? Errno ?? .ioError {
    case .noSpace, .diskQuotaExceeded: self = .writing(.noSpace)
    case .permissionDenied, .readOnlyFileSystem, .notPermitted: self = .writing(.readOnlyFile)
    case let other: self = .writing(.failed(operation: operation, error: other))
    }
  }

  /// An error from creating or writing a new file that holds no original (preview's picture):
  /// there is nothing to keep, so the words say which file and why.
  package init(creating error: any Error, operation: Writing.Operation) {
    self = .writing(.failed(operation: operation, error: error as? Errno ?? .ioError))
  }
}
