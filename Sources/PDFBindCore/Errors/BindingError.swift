import SystemPackage

/// Why pdfbind could not read or update one file, grouped by what the user can do about it.
/// `description` says what happened in words a user can act on, never a bare qpdf code, and
/// names no option of any program: what to do is `remedy`, a value each program words in its
/// own terms (pdfbind's command line adds its options). Each group's sentences live with the
/// group.
public enum BindingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path does not lead to a PDF file that can be opened: check the path.
  case input(Input)
  /// The file is a damaged PDF: repair it (or let ``SaveOptions/repair`` rewrite it).
  case damaged(Damage)
  /// The file is encrypted: give its password.
  case password(Password)
  /// The document is signed, certified or restricted: ``SaveOptions/force`` updates it anyway.
  case protected(Protection)
  /// pdfbind cannot make this change to this file exactly; the file stays as it is.
  case unsupported(Unsupported)
  /// `revert` may not remove the last revision; the file stays as it is.
  case revert(RevertRefusal)
  /// Writing the result failed and the original is kept: fix the destination, run again.
  case writing(Writing)
  /// A library pdfbind loads at run time cannot be used: install it.
  case unavailable(RuntimeLibrary.Unavailable)
  /// The picture cannot be drawn: ask for less.
  case picture(Picture)

  public var description: String {
    switch self {
    case .input(let problem): problem.description
    case .damaged(let damage): damage.description
    case .password(let problem): problem.description
    case .protected(let protection): protection.description
    case .unsupported(let what): what.description
    case .revert(let refusal): refusal.description
    case .writing(let problem): problem.description
    case .unavailable(let library): Self.describe(library)
    case .picture(let problem): problem.description
    }
  }
}

extension BindingError {
  /// The path names nothing pdfbind can open as a PDF file.
  public enum Input: Equatable, Sendable, CustomStringConvertible {
    case notFound
    case isDirectory
    case notRegularFile
    case permissionDenied
    case empty
    case notPDF
    /// The system refused to open or read the input, for a reason other than the cases
    /// above (an I/O error, say).
    case readFailed(Errno)

    public var description: String {
      switch self {
      case .notFound: "no such file"
      case .isDirectory: "is a directory, not a PDF file"
      case .notRegularFile: "not a regular file"
      case .permissionDenied: "permission denied: pdfbind cannot read this file"
      case .empty: "empty file (0 bytes), not a PDF"
      case .notPDF: "not a PDF: no %PDF- header in the first 1024 bytes"
      case .readFailed(let error): "reading failed: \(error)"
      }
    }
  }

  /// The file is a PDF with damage that stops pdfbind.
  public enum Damage: Equatable, Sendable, CustomStringConvertible {
    case truncated
    /// qpdf cannot read it even by reconstructing it; `detail` is qpdf's cause.
    case unrecoverable(detail: String)
    /// qpdf fails on it for a reason other than damage.
    case unreadable(detail: String)
    case noCatalog
    /// preview and spreads: the page tree has no usable `/Count`.
    case noPageCount
    /// set: qpdf reads it only by reconstructing its cross-reference table.
    case needsRepair(detail: String)
    /// set: the object the update would rewrite only parses with qpdf's repairs.
    case patchedObject(objectNumber: Int, detail: String)
    /// preview, review, suggest: qpdf reads the file, but poppler, which draws its pages, cannot
    /// open it; `detail` is poppler's cause when it gave one.
    case popplerCannotOpen(detail: String?)

    public var description: String {
      switch self {
      case .truncated:
        "truncated PDF: it ends without startxref and %%EOF, and qpdf cannot reconstruct it; it "
          + "was probably cut off while being copied or downloaded (or has other data after its "
          + "end)"
      case .unrecoverable(let detail): "damaged PDF that qpdf cannot read (\(detail))"
      case .unreadable(let detail): "cannot be read as a PDF (\(detail))"
      case .noCatalog: "damaged PDF: its trailer has no usable /Root (document catalog)"
      case .noPageCount:
        "damaged PDF: its page tree has no usable /Count, so its pages cannot be paired"
      case .needsRepair(let detail):
        "damaged PDF (qpdf: \(detail)): its cross-reference data does not match its objects, so "
          + "an update appended to it would not be reliable; left unchanged"
      case .patchedObject(let number, let detail):
        "damaged PDF (qpdf, object \(number): \(detail)): the object pdfbind would rewrite has "
          + "syntax errors qpdf had to patch, and rewriting it would carry the patches into the "
          + "file; left unchanged. Repair it first, for example with 'qpdf damaged.pdf "
          + "repaired.pdf', then run pdfbind on the repaired copy"
      case .popplerCannotOpen(let detail):
        "qpdf reads it, but poppler cannot open it"
          + (detail.map { " (\($0))" } ?? "") + ", so its pages cannot be drawn"
      }
    }
  }

  /// The file is encrypted and the password is missing or wrong.
  public enum Password: Equatable, Sendable, CustomStringConvertible {
    case required
    case wrong

    public var description: String {
      switch self {
      case .required:
        "encrypted: a password is needed to read it"
      case .wrong: "encrypted: the password given is wrong"
      }
    }
  }

  /// The sentence for an unavailable library: what needs it, what is wrong, what to install.
  private static func describe(_ unavailable: RuntimeLibrary.Unavailable) -> String {
    switch (unavailable.library, unavailable.reason) {
    case (.poppler, _), (.cairo, _):
      "preview and suggest load poppler and cairo at run time, and "
        + Self.loadFailure(unavailable)
        + "; install them (Debian: apt-get install libpoppler-glib8 libcairo2)"
    case (let library, _):
      "\(library.rawValue) cannot be used (\(unavailable)); install it (Debian: apt-get install "
        + "\(library.debianPackage))"
    }
  }

  /// "libcairo.so.2 cannot be loaded (dlerror's words)", "X lacks cairo_create".
  private static func loadFailure(_ unavailable: RuntimeLibrary.Unavailable) -> String {
    let name = unavailable.library.soname ?? unavailable.library.rawValue
    return switch unavailable.reason {
    case .notInstalled(let detail): "\(name) cannot be loaded (\(detail))"
    case .wrongVersion(let function): "\(name) cannot be used (it lacks \(function))"
    default: "\(name) cannot be used (\(unavailable))"
    }
  }

  /// preview's picture cannot be drawn.
  public enum Picture: Equatable, Sendable, CustomStringConvertible {
    /// cairo cannot make or draw the picture: `why` is cairo's status, in its words.
    case renderFailed(String)
    /// The page worker that opens the file for poppler was stopped, or stopped by itself.
    case stopped(PageWorkFailure)
    /// The picture would be `width`×`height` pixels, more than pdfbind draws.
    case tooLarge(width: Int, height: Int)

    public var description: String {
      switch self {
      case .renderFailed(let why): "cannot draw the picture (\(why))"
      case .stopped(let failure): "cannot draw the picture (poppler did not open it: \(failure))"
      case .tooLarge(let width, let height):
        "the picture would be \(width)×\(height) pixels, more than pdfbind draws"
      }
    }
  }
}
