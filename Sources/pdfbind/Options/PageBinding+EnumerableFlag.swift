import ArgumentParser
import PDFBindCore

// Flags are a command-line concern, so the conformance lives here, not in the core.
extension PageBinding: EnumerableFlag {
  public static func help(for value: Self) -> ArgumentHelp? {
    switch value {
    case .leftEdge: "Bind on the left edge (/Direction /L2R)."
    case .rightEdge: "Bind on the right edge (/Direction /R2L)."
    case .unknown: "No binding: remove /Direction."
    }
  }
}

/// `-H/--with-filename | --no-filename`; nil means "only with several files", as grep does.
enum FilenameMode: EnumerableFlag {
  case withFilename, noFilename

  static func name(for value: Self) -> NameSpecification {
    value == .withFilename ? [.customShort("H"), .long] : .long
  }

  static func help(for value: Self) -> ArgumentHelp? {
    value == .withFilename
      ? "Print 'PATH: ' before each value, even for one file." : "Never print the path."
  }
}

extension PageArrangement: EnumerableFlag {
  public static func help(for value: Self) -> ArgumentHelp? {
    switch value {
    case .cover: "Page 1 stands alone in a two-page view (/PageLayout /TwoPageRight)."
    case .noCover: "Pages pair from page 1 in a two-page view (/PageLayout /TwoPageLeft)."
    case .single: "One page at a time (/PageLayout /SinglePage)."
    }
  }
}
