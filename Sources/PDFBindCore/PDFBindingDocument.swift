import SystemPackage

/// A PDF file's page binding and page layout, read once and changed like properties; `save()`
/// writes the change as an exact incremental update, verified by an independent re-read before
/// it replaces anything.
///
/// ```swift
/// let book = try PDFBindingDocument(path: "book.pdf")
/// book.pageBinding = .rightEdge
/// book.pageArrangement = .cover
/// try book.save()
/// ```
///
/// A document reads its file once: one open, one stat, one read-only mapping, and one parse
/// (pdfbind's validated fast path for plain files, qpdf otherwise), shared by everything asked
/// of it afterwards (`save`, `history`, and `suggest` where PDFBindPages is imported). Not for
/// several threads at once: qpdf allows one handle per thread; give each task its own document.
///
/// A document is a class: it stands for one open file (its descriptor, mapping and qpdf
/// handle), so two references to it are one document and cannot disagree about what the file
/// holds, as two copies of a value would after one of them saved. A non-copyable type would
/// say the same, but a library user could then not keep documents in an array, pass one to a
/// generic function or capture it in an escaping closure, and would borrow and consume where
/// a class needs nothing. It is not `Sendable` either way (qpdf allows a handle on one thread
/// at a time); a document made in a task can still be handed to another as a whole.
///
/// A file whose current version may not read (a damaged last revision) opens for its
/// revisions only through ``history(ofFileAt:password:)`` and
/// ``revert(fileAt:password:to:dryRun:)``.
public final class PDFBindingDocument {
  /// The file this document reads and saves.
  public let path: FilePath
  /// The password it was opened with (user or owner), if any.
  public let password: String?
  /// The file as read now; replaced when a save or revert writes over it.
  package private(set) var file: OpenedFile
  /// What `save` writes: the binding and layout set since the file was read (or saved).
  public internal(set) var change = BindingChange()

  /// Opens and reads the PDF file at `path`; `password` opens an encrypted one (the owner
  /// password also allows changing a document whose permissions forbid it).
  public convenience init(path: FilePath, password: String? = nil) throws(BindingError) {
    self.init(opening: path, password: password)
    _ = try file.inspection()
  }

  /// Opens and reads the PDF file at `path`.
  public convenience init(path: String, password: String? = nil) throws(BindingError) {
    try self.init(path: FilePath(path), password: password)
  }

  /// Opens nothing yet: for history and revert, which read each revision their own way (the
  /// current one may not read at all). Such a document is never handed out.
  init(opening path: FilePath, password: String?) {
    self.path = path
    self.password = password
    file = OpenedFile(path: path, password: password)
  }

  /// Makes the document describe a result written over its own file (what the verifier read
  /// back).
  func replaceFile(with contents: Inspection) {
    file.markStale()
    file = OpenedFile(path: path, password: password, contents: contents)
  }

  /// What the file holds now (what `pdfbind get` reports): `/Direction`, `/PageLayout`, the
  /// page count and the warnings worth knowing.
  public var report: BindingReport { contents.report }

  /// The binding the document has: the one set since it was read, or the file's own.
  /// Setting it, even to the value it has, asks `save` to write exactly that binding: a
  /// `/Direction` viewers ignore (`/r2l`) is replaced, and `.unknown` removes the entry.
  public var pageBinding: PageBinding {
    get { change.binding ?? contents.direction.binding }
    set { change.binding = newValue }
  }

  /// How a two-page view pairs the pages: the arrangement set since the file was read, or the
  /// one its `/PageLayout` writes (nil for any other layout). Setting nil forgets a pending
  /// change; `save` never removes a layout.
  public var pageArrangement: PageArrangement? {
    get { change.arrangement ?? contents.pageLayout.arrangement }
    set { change.arrangement = newValue }
  }

  /// Whether `save` would write anything: false when the file already holds exactly what was
  /// set.
  public var hasUnsavedChanges: Bool { !contents.hasExactly(change) }

  /// What the file holds, as read when the document was opened (or as its last save left it).
  /// Every public initializer reads it, and a save or revert replaces it with what it wrote.
  var contents: Inspection {
    guard let contents = try? file.inspection() else {
      preconditionFailure("a PDFBindingDocument is read when it is created")
    }
    return contents
  }
}

@available(*, unavailable, message: "a document holds a qpdf handle: one thread at a time")
extension PDFBindingDocument: Sendable {}
