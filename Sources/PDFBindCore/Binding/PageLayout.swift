/// How a two-page view pairs the pages, named by intent: what `--cover`, `--no-cover` and
/// `--single` ask for, and the `/PageLayout` name each writes (ISO 32000-1 §7.7.2, table 28).
///
/// Viewers that honour both entries (SumatraPDF, Okular; pdf.js for the layout) read `…Right`
/// as "the first page stands alone" and `…Left` as "pairs from page 1", and `/Direction` then
/// mirrors each pair, whatever the specification's wording about odd pages says.
public enum PageArrangement: String, Sendable, CaseIterable {
  /// `/TwoPageRight`: page 1 alone, then 2|3, 4|5… (mirrored for a right-edge binding).
  case cover
  /// `/TwoPageLeft`: 1|2, 3|4… from the first page.
  case noCover = "no-cover"
  /// `/SinglePage`: one page at a time.
  case single

  /// The `/PageLayout` name `set` writes, without its slash.
  public var pageLayoutName: String {
    switch self {
    case .cover: "TwoPageRight"
    case .noCover: "TwoPageLeft"
    case .single: "SinglePage"
    }
  }
}

/// What the catalog's `/PageLayout` entry holds.
public enum PageLayoutEntry: Equatable, Sendable {
  case absent
  /// A name without its slash (`"TwoPageRight"`, or any other name the file holds).
  case name(String)
  /// Any other value, in PDF syntax as qpdf unparses it.
  case other(String)

  /// The raw value for reports: the name, PDF syntax for anything else, nil when absent.
  public var rawValue: String? {
    switch self {
    case .absent: nil
    case .name(let name): name
    case .other(let syntax): syntax
    }
  }

  /// Whether a two-page view shows page 1 alone: true for `…Right`, false for `…Left`, nil
  /// for every other layout (single page, one column, absent), which has no say.
  public var cover: Bool? {
    switch self {
    case .name("TwoPageRight"), .name("TwoColumnRight"): true
    case .name("TwoPageLeft"), .name("TwoColumnLeft"): false
    default: nil
    }
  }

  /// True when this is exactly what `arrangement` writes.
  public func isExactly(_ arrangement: PageArrangement) -> Bool {
    self == .name(arrangement.pageLayoutName)
  }

  /// The arrangement this entry is exactly what pdfbind writes for, if any.
  public var arrangement: PageArrangement? { PageArrangement.allCases.first(where: isExactly) }

  /// `cover`, `no-cover` or `single` for what pdfbind writes, the PDF name for any other
  /// layout, `none` when absent: how reports name the layout.
  public var displayName: String { arrangement?.rawValue ?? rawValue ?? "none" }
}
