/// One file on the review page: its name as the user gave it, and what `suggest` and the
/// pictures made of it, or why it could not be read.
public struct ReviewBook: Sendable {
  /// The path's exact bytes, as named on the command line, in a list or by a walk.
  public var name: [UInt8]
  /// Read from standard input: shown, but there is no path for `pdfbind set` to change.
  public var isStandardInput: Bool
  public var outcome: Outcome

  public enum Outcome: Sendable {
    case reviewed(Reviewed)
    /// The `pdfbind: PATH: REASON` reason.
    case failed(String)
  }

  public struct Reviewed: Sendable {
    public var suggestion: Suggestion
    public var pictures: [ReviewPicture]
    /// Why there are no pictures, when there are none (no pages, no page count, cairo failed).
    public var noPictures: String?

    public init(suggestion: Suggestion, pictures: [ReviewPicture], noPictures: String? = nil) {
      self.suggestion = suggestion
      self.pictures = pictures
      self.noPictures = noPictures
    }
  }

  public init(name: [UInt8], isStandardInput: Bool = false, outcome: Outcome) {
    self.name = name
    self.isStandardInput = isStandardInput
    self.outcome = outcome
  }

  public var suggestion: Suggestion? {
    if case .reviewed(let reviewed) = outcome { return reviewed.suggestion }
    return nil
  }

  /// Read, but no evidence decides its binding.
  public var isUndecided: Bool { suggestion.map { $0.decision == nil } ?? false }
  public var isConflict: Bool { suggestion?.conflict ?? false }
  /// `set --auto` would write something: the decided binding on a file without a valid
  /// `/Direction`, or the decided layout on a file without a two-page `/PageLayout`.
  public var isChange: Bool {
    guard let suggestion else { return false }
    return suggestion.bindingToSet != nil
      || (suggestion.layout != nil && suggestion.report.pageLayout.cover == nil)
  }
}

/// How many books the page holds of each kind its filters show.
public struct ReviewCounts: Equatable, Sendable {
  public var books: Int
  public var undecided: Int
  public var conflicts: Int
  /// Books `set --auto` would change.
  public var changes: Int
  /// Books that could not be read.
  public var unreadable: Int

  public init(_ books: [ReviewBook]) {
    self.books = books.count
    undecided = books.filter(\.isUndecided).count
    conflicts = books.filter(\.isConflict).count
    changes = books.filter(\.isChange).count
    unreadable = books.filter { $0.suggestion == nil }.count
  }

  /// `1 undecided, 0 in conflict, 4 that set --auto would change, 1 not readable`.
  public var summary: String {
    "\(undecided) undecided, \(conflicts) in conflict, \(changes) that set --auto would change"
      + (unreadable > 0 ? ", \(unreadable) not readable" : "")
  }
}

/// One picture of a book's spreads, written beside the page.
public struct ReviewPicture: Sendable {
  public var view: PictureView
  /// The file's name inside the pictures folder.
  public var file: String
  public var width: Int
  public var height: Int

  public init(view: PictureView, file: String, width: Int, height: Int) {
    self.view = view
    self.file = file
    self.width = width
    self.height = height
  }
}

/// Spreads of one book as a two-page view with `binding` and `cover` shows them.
public struct PictureView: Equatable, Sendable {
  /// `.leftEdge` or `.rightEdge`: the two ways a viewer lays pages out.
  public var binding: PageBinding
  public var cover: Bool
  /// The spreads drawn, in reading order, and how many the view has in all.
  public var spreads: [Spreads.Spread]
  public var spreadCount: Int
  /// True when these are the spreads whose double-page pictures were evidence.
  public var showsEvidence: Bool

  /// `right-edge, cover`.
  public var setting: String {
    binding.rawValue + ", " + (cover ? PageArrangement.cover : .noCover).rawValue
  }
}

extension Suggestion {
  /// The pictures the review page shows: the view under the suggestion for a decided book;
  /// for an undecided book, or one whose declared binding the evidence contradicts, the view
  /// under each binding, left-edge first. The pairing is the decided layout, else one the
  /// double-page pictures show, else the file's. The spreads are those holding the pages that
  /// double-page pictures rest on, else the first ones; at most `limit`.
  public func pictureViews(pageCount: Int, limit: Int = 3) -> [PictureView] {
    guard pageCount > 0 else { return [] }
    let bindings: [PageBinding] =
      if let decision, !conflict { [decision] } else { [.leftEdge, .rightEdge] }
    let shown = evidence.first { $0.weighed && $0.layout != nil }?.layout
    let cover = (layout ?? shown).map { $0 == .cover } ?? report.pageLayout.cover ?? false
    let evidencePages = Set(evidence.filter { $0.source == .spreads }.flatMap(\.pages))
    return bindings.map { binding in
      let all = Spreads.sides(pageCount: pageCount, binding: binding, cover: cover)
      let holding = all.filter { !evidencePages.isDisjoint(with: $0.pages) }
      let chosen = holding.isEmpty ? all : holding
      return PictureView(
        binding: binding, cover: cover, spreads: Array(chosen.prefix(limit)),
        spreadCount: all.count, showsEvidence: !holding.isEmpty)
    }
  }
}
