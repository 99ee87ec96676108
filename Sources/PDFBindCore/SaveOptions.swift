import SystemPackage

/// Where a saved (or reverted) document goes.
public enum SaveDestination: Equatable, Sendable {
  /// Over the file itself, atomically: the result is written beside it, flushed, and renamed
  /// over it, keeping its permissions; a symbolic link is followed.
  case replacing
  /// The file itself, changed where it is (an update appended, a revision cut off): no copy,
  /// same inode, hard links, owner and extended attributes.
  case inPlace
  /// Another file; the document's own stays as it is.
  case file(FilePath)
  /// An open descriptor (a pipe, a terminal, standard output): the result is verified in a
  /// temporary file first, then copied to it.
  case descriptor(FileDescriptor)
}

/// How `save` treats what it cannot update plainly.
public struct SaveOptions: Equatable, Sendable {
  /// Report what would change, write nothing.
  public var dryRun: Bool
  /// Update signed, certified and change-restricted documents anyway.
  public var force: Bool
  /// Rewrite damaged files whole with qpdf instead of refusing them (never signed ones).
  public var repair: Bool

  public init(dryRun: Bool = false, force: Bool = false, repair: Bool = false) {
    self.dryRun = dryRun
    self.force = force
    self.repair = repair
  }
}
