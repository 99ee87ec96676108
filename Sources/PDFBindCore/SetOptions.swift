import SystemPackage

/// Where `set` puts its result.
public enum SetDestination: Equatable, Sendable {
  /// Replace the file atomically: write beside it, flush, rename over it.
  case replace
  /// Append the update to the file itself (same inode, no copy).
  case inPlace
  /// Write the result to another path (the input stays untouched).
  case file(FilePath)
  /// Write the result's bytes to standard output.
  case standardOutput
}

public struct SetOptions: Equatable, Sendable {
  public var destination: SetDestination
  /// Report what would change, write nothing.
  public var dryRun: Bool
  /// Update signed, certified and change-restricted documents anyway.
  public var force: Bool
  /// Rewrite damaged files whole with qpdf instead of refusing them (never signed ones).
  public var repair: Bool

  public init(
    destination: SetDestination = .replace, dryRun: Bool = false, force: Bool = false,
    repair: Bool = false
  ) {
    self.destination = destination
    self.dryRun = dryRun
    self.force = force
    self.repair = repair
  }
}
