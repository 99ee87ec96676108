/// Something the user should know about one file that does not stop the command: a value with
/// a kind (for `--json`) and a sentence (for standard error), kept together here.
public enum BindingWarning: Equatable, Sendable, CustomStringConvertible {
  /// qpdf had to reconstruct the cross-reference table to read the file.
  case damaged(detail: String)
  /// `/Direction` holds a value viewers ignore; `shown` is as the file writes it (`/r2l`, `(R2L)`).
  case unexpectedDirection(shown: String)
  /// A signed document was updated because ``SaveOptions/force`` said so.
  case forcedSigned
  /// A certified document was updated because ``SaveOptions/force`` said so.
  case forcedCertified
  /// A document whose permissions forbid changes was updated because ``SaveOptions/force``
  /// said so.
  case forcedRestricted
  /// A two-page `/PageLayout` (`layout`) without `/Direction` in a document `suggest` finds
  /// right-to-left: the layout only pairs the pages, so viewers still bind it on the left.
  case twoPageLayoutWithoutDirection(layout: String)
  /// The catalog has no usable `/Pages`: the update is exact, but most readers cannot open it.
  case noPageTree
  /// ``SaveOptions/repair`` rewrote a damaged file whole; `detail` is what qpdf found.
  case repaired(detail: String)
  /// preview: poppler cannot load this page (from 1); it is drawn as a labelled blank.
  case pageNotRendered(page: Int)
  /// preview, review: drawing this page (from 1) was stopped (`reason`: it ran past its
  /// deadline, or crashed its worker); it is drawn as a labelled blank.
  case pageNotDrawn(page: Int, reason: PageWorkFailure)
  /// `history`: qpdf cannot read the file up to the end of a revision.
  case revisionUnreadable(BindingError)
  /// `history`: what a revision changed cannot be told, since qpdf cannot read the file
  /// before it (nil: that state was not read).
  case previousRevisionUnreadable(BindingError?)
  /// `history`: what a revision changed cannot be told, since its cross-reference stream
  /// cannot be decoded.
  case revisionEntriesUnreadable

  /// A stable identifier for scripts (`--json`).
  public var kind: String {
    switch self {
    case .damaged: "damaged"
    case .unexpectedDirection: "unexpected-direction"
    case .forcedSigned: "forced-signed"
    case .forcedCertified: "forced-certified"
    case .forcedRestricted: "forced-restricted"
    case .noPageTree: "no-page-tree"
    case .twoPageLayoutWithoutDirection: "layout-without-direction"
    case .repaired: "repaired"
    case .pageNotRendered: "page-not-rendered"
    case .pageNotDrawn: "page-not-drawn"
    case .revisionUnreadable: "revision-unreadable"
    case .previousRevisionUnreadable, .revisionEntriesUnreadable: "revision-changes-unknown"
    }
  }

  /// Whether this is a note about what `--force` did rather than a warning about the file.
  public var isNote: Bool {
    switch self {
    case .forcedSigned, .forcedCertified, .forcedRestricted, .repaired: true
    case .damaged, .unexpectedDirection, .noPageTree, .pageNotRendered, .pageNotDrawn,
      .twoPageLayoutWithoutDirection, .revisionUnreadable, .previousRevisionUnreadable,
      .revisionEntriesUnreadable:
      false
    }
  }

  /// The sentence without its `warning:`/`note:` prefix.
  public var message: String {
    switch self {
    case .damaged(let detail):
      "damaged PDF (\(detail)); qpdf reconstructed its cross-reference table to read it"
    case .unexpectedDirection(let shown):
      "/Direction is \(shown), which is neither /L2R nor /R2L; viewers ignore it, so the "
        + "binding is unknown"
    case .forcedSigned:
      "the signed bytes are intact and each signature still covers its revision, but "
        + "validators such as Acrobat and pyHanko will report the catalog change as a "
        + "modification the signer did not allow"
    case .forcedCertified:
      "the document was certified; changing its binding breaks the certification"
    case .forcedRestricted: "the document's permissions forbid changes"
    case .noPageTree: "the document has no page tree: most readers cannot open it"
    case .twoPageLayoutWithoutDirection(let layout):
      "/PageLayout /\(layout) only decides which pages pair up; without /Direction viewers bind "
        + "this document on the left, though its fonts or metadata say right-to-left"
    case .repaired(let detail):
      "damaged PDF (qpdf: \(detail)); qpdf rewrote it whole with the binding, so its "
        + "earlier revisions are not kept"
    case .pageNotRendered(let page):
      "page \(page) cannot be rendered by poppler; it is drawn as a labelled blank"
    case .pageNotDrawn(let page, let reason):
      "page \(page) was not drawn: \(reason); it is drawn as a labelled blank"
    case .revisionUnreadable(let error): "qpdf cannot read the file up to here: \(error)"
    case .previousRevisionUnreadable(let error):
      "qpdf cannot read the file before this revision"
        + (error.map { ": \($0)" } ?? "") + ", so what it changed cannot be told"
    case .revisionEntriesUnreadable:
      "its cross-reference stream cannot be decoded, so what it changed cannot be told"
    }
  }

  public var description: String { (isNote ? "note: " : "warning: ") + message }
}
