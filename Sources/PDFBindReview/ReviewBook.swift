import PDFBindCore
import PDFBindPages

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
    /// The spreads the page arranges the pictures into; nil with no pictures.
    public var views: ReviewViews?
    /// A picture of each page the views show.
    public var pictures: [PagePicture]
    /// Why there are no pictures, when there are none (no pages, no page count, cairo failed).
    public var noPictures: String?

    public init(
      suggestion: Suggestion, views: ReviewViews? = nil, pictures: [PagePicture] = [],
      noPictures: String? = nil
    ) {
      self.suggestion = suggestion
      self.views = views
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

  /// The names of its pictures in the pictures folder.
  public var pictureFiles: [String] {
    if case .reviewed(let reviewed) = outcome { return reviewed.pictures.map(\.file) }
    return []
  }

  /// Read, but no evidence decides its binding.
  public var isUndecided: Bool { suggestion.map { $0.decision == nil } ?? false }
  public var isConflict: Bool { suggestion?.conflict ?? false }
  /// `set --auto` would write something: the decided binding on a file without a valid
  /// `/Direction`, or the decided layout on a file without a two-page `/PageLayout`.
  public var isChange: Bool {
    guard let suggestion else { return false }
    return suggestion.bindingToSet != nil || suggestion.layoutToSet != nil
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

/// One page's small picture, written beside the review page; the page's script places it in
/// each view that shows the page.
public struct PagePicture: Equatable, Sendable {
  /// The page's number, from 1.
  public var page: Int
  /// The file's name inside the pictures folder.
  public var file: String
  public var width: Int
  public var height: Int

  public init(page: Int, file: String, width: Int, height: Int) {
    self.page = page
    self.file = file
    self.width = width
    self.height = height
  }
}
