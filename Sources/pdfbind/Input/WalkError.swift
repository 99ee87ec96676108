import SystemPackage

/// A directory a -r walk could not read: its files were skipped. Walking is the command line's
/// job, so its failures are too.
enum WalkError: Error, Equatable, CustomStringConvertible {
  case permissionDenied
  case unreadable(reason: String)

  init(_ error: Errno) {
    switch error {
    case .permissionDenied, .notPermitted: self = .permissionDenied
    default: self = .unreadable(reason: error.description)
    }
  }

  var description: String {
    switch self {
    case .permissionDenied:
      "permission denied: pdfbind cannot read this directory; its files were skipped"
    case .unreadable(let reason): "cannot read this directory (\(reason)); its files were skipped"
    }
  }
}
