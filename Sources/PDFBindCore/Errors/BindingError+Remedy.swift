extension BindingError {
  /// What the user can do about an error, as a value a program switches on: each program words
  /// it in its own terms (the `pdfbind` command with its options). Nil for an error nothing
  /// but another file mends.
  public enum Remedy: Equatable, Sendable {
    /// Open the document with its password (the right one, when one was given).
    case needsPassword
    /// Update a signed or certified document anyway (``SaveOptions/force``).
    case needsForce
    /// Open a document whose permissions forbid changes with its owner password, or update it
    /// anyway (``SaveOptions/force``).
    case needsOwnerPasswordOrForce
    /// Have qpdf rewrite the damaged file whole (``SaveOptions/repair``), or repair it first.
    case needsRepair
    /// Repair the file with another program first: an update would carry qpdf's patches.
    case needsRepairElsewhere
    /// Write the result to another file: this one cannot take it where it is.
    case needsOtherDestination
    /// Make the file (or its directory) writable, or write the result elsewhere; a directory
    /// that is not writable still allows appending to the file itself
    /// (``SaveDestination/inPlace``).
    case needsWritableDestination
    /// Free space on the device.
    case needsSpace
    /// Run again: the file changed while it was worked on.
    case needsRetry
    /// Install a library loaded at run time.
    case needsLibrary
    /// Ask for a smaller picture.
    case needsSmallerPicture
  }

  /// What the user can do about this error, or nil when only another file helps.
  public var remedy: Remedy? {
    switch self {
    case .input, .revert: nil
    case .damaged(.needsRepair): .needsRepair
    case .damaged(.patchedObject): .needsRepairElsewhere
    case .damaged: nil
    case .password: .needsPassword
    case .protected(.signed), .protected(.certified): .needsForce
    case .protected(.changesNotPermitted): .needsOwnerPasswordOrForce
    case .unsupported(.repairInPlace): .needsOtherDestination
    case .unsupported: nil
    case .writing(.readOnlyFile), .writing(.directoryNotWritable): .needsWritableDestination
    case .writing(.noSpace): .needsSpace
    case .writing(.changedWhileWorking): .needsRetry
    case .writing: nil
    case .unavailable: .needsLibrary
    case .picture(.tooLarge): .needsSmallerPicture
    case .picture: nil
    }
  }
}
