/// The edge a document's pages are bound on, as viewers read it from `/Direction`
/// in the catalog's `/ViewerPreferences` (ISO 32000-1 §12.2, table 150).
public enum PageBinding: String, Sendable, CaseIterable {
  /// `/Direction /L2R`: bound on the left, read left to right.
  case leftEdge = "left-edge"
  /// `/Direction /R2L`: bound on the right (Arabic, Hebrew, manga…).
  case rightEdge = "right-edge"
  /// No usable `/Direction`: the author did not decide; viewers fall back to left binding.
  case unknown

  /// The `/Direction` name that `set` writes for this binding; `nil` means "no entry".
  public var directionName: String? {
    switch self {
    case .leftEdge: "L2R"
    case .rightEdge: "R2L"
    case .unknown: nil
    }
  }
}

/// What the `/Direction` entry of a document actually holds.
public enum DirectionEntry: Equatable, Sendable {
  /// No `/Direction` key (or no `/ViewerPreferences` dictionary at all).
  case absent
  /// A name, without its slash (`"R2L"`, or an unexpected one such as `"r2l"`).
  case name(String)
  /// Any other value, in PDF syntax as qpdf unparses it (`"(R2L)"`, `"1"`).
  case other(String)

  /// The binding this entry gives; names other than `/L2R` and `/R2L` give `.unknown`.
  public var binding: PageBinding {
    switch self {
    case .name("L2R"): .leftEdge
    case .name("R2L"): .rightEdge
    default: .unknown
    }
  }

  /// The raw value for reports: `"R2L"` for a name, PDF syntax for anything else, nil when absent.
  public var rawValue: String? {
    switch self {
    case .absent: nil
    case .name(let name): name
    case .other(let syntax): syntax
    }
  }

  /// True when the entry holds something that is neither absent nor `/L2R` nor `/R2L`:
  /// a value viewers ignore, worth a warning.
  public var isUnexpected: Bool {
    switch self {
    case .absent, .name("L2R"), .name("R2L"): false
    default: true
    }
  }
}
