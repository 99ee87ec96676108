import Testing

/// What `get` and `set --right-edge` must do with each file of ../shared/corpus. Its
/// MANIFEST.tsv has no column for the outcome, so each row below reasons it from the fields the
/// MANIFEST documents (`structure_notes`, `why`) and SPEC's rules, never from what pdfbind
/// printed:
///
/// - `pdf_header=none`: no `%PDF-` in the first 1024 bytes, so "not a PDF" (SPEC, bad input);
///   no `%%EOF` in the last 1024 bytes and qpdf unable to reconstruct it: "truncated PDF";
///   `qpdf_check=errors` in the catalog: a damaged PDF qpdf cannot read, for both commands.
/// - `damaged(qpdf reconstructs)`: `set` refuses a damaged cross-reference table (SPEC, bad
///   input); a file that already has the binding is unchanged (same section); `--repair`
///   rewrites the others whole (SPEC, `set --repair`).
/// - `signature_fields=N(signed=N…)`: signed, refused unless `--force`; with `/Perms` (the
///   catalog's `/DocMDP`) certified, refused unless `--force` (SPEC, signed and certified).
/// - `encrypted=…` with a user password only: refused unless `--force` when the permissions
///   forbid changes, which qpdf's `--show-encryption` (an independent reader) says per file;
///   the test asserts it says what the row claims.
/// - `Direction=/R2L`: already right-edge, so unchanged; `Direction=/L2R`: left-edge.
/// - Anything else qpdf reads without reconstructing is updated exactly (SPEC, exactness).
struct CorpusExpectation: Sendable, CustomTestStringConvertible {
  /// What `get` prints: a binding, or a refusal whose reason contains the text.
  enum Get: Equatable, Sendable {
    case reads(String)
    case refused(String)
  }

  /// What `set --right-edge` does.
  enum Set: Equatable, Sendable {
    /// An exact update from `get`'s binding to right-edge.
    case updated
    /// Already right-edge: nothing appended.
    case unchanged
    /// Refused, the reason containing the text; `--force` then updates exactly.
    case refusedUnlessForced(String)
    /// Refused, the reason containing the text, with or without `--force`.
    case refused(String)
  }

  var file: String
  var get: Get
  var set: Set
  /// The MANIFEST fields the row rests on.
  var because: String
  /// `damaged(qpdf reconstructs)`: the rows `--repair` rewrites (or leaves, when unchanged).
  var isDamaged = false

  var testDescription: String { file }

  /// Whether `set` refuses every change to the file, even with `--force` (any binding: a
  /// damaged file already right-edge still refuses left-edge).
  var refusesEveryChange: Bool {
    if case .refused = set { return true }
    return isDamaged
  }

  static let damage = "damaged"
  static let notPDF = "not a PDF"
  static let truncated = "truncated PDF"
  static let unreadable = "damaged PDF that qpdf cannot read"
  static let signed = "signed"
  static let certified = "certified"
  static let restricted = "permissions that forbid changes"

  static func clean(_ file: String, _ binding: String = "unknown", because: String) -> Self {
    Self(
      file: file, get: .reads(binding), set: binding == "right-edge" ? .unchanged : .updated,
      because: because)
  }

  static func damaged(_ file: String, _ binding: String = "unknown", because: String) -> Self {
    Self(
      file: file, get: .reads(binding),
      set: binding == "right-edge" ? .unchanged : .refused(damage), because: because,
      isDamaged: true)
  }

  static func protected(_ file: String, _ reason: String, because: String) -> Self {
    Self(file: file, get: .reads("unknown"), set: .refusedUnlessForced(reason), because: because)
  }
}

extension CorpusExpectation {
  /// One row per MANIFEST row; `CorpusSweepTests` fails when the two lists differ.
  static let table: [CorpusExpectation] = [
    .clean("qpdf--minimal.pdf", because: "qpdf_check=clean, one table"),
    .clean("qpdf--incremental-1.pdf", because: "qpdf_check=clean, three tables"),
    .clean("qpdf--incremental-2.pdf", because: "qpdf_check=clean, two tables"),
    .clean("qpdf--gen1.pdf", because: "qpdf_check=clean, generation 1 objects"),
    .clean("qpdf--form-filled-by-acrobat.pdf", because: "qpdf_check=clean, CRLF entries"),
    .clean("qpdf--sample-form.pdf", because: "qpdf_check=clean, /ViewerPreferences w/o /Direction"),
    .clean("qpdf--minimal-1.pdf", because: "qpdf_check=clean, catalog in an object stream"),
    .clean("qpdf--good19.pdf", because: "qpdf_check=clean, two xref streams"),
    .clean("qpdf--reuse-xref-stream.pdf", because: "qpdf_check=clean, two xref streams"),
    .clean("qpdf--override-compressed-object.pdf", because: "qpdf_check=clean"),
    .clean("qpdf--hybrid-xref.pdf", because: "qpdf_check=clean, hybrid"),
    .clean("qpdf--c-linearized.pdf", because: "qpdf_check=clean, linearized"),
    .clean("qpdf--no-info.pdf", because: "qpdf_check=clean, linearized, no /Info"),
    .clean("qpdf--lin-delete-and-reuse.pdf", because: "qpdf_check=clean, stale linearization"),
    .protected(
      "qpdf--digitally-signed.pdf", signed,
      because: "signature_fields=1(signed=1), no /Perms; warnings are not damage"),
    .protected(
      "qpdf--minimal-signed-restricted.pdf", certified,
      because: "signature_fields=1(signed=1) and /Perms: certified before restricted"),
    .clean("qpdf--V4-aes.pdf", because: "encrypted=yes-empty-pw; qpdf: modify other allowed"),
    .protected(
      "qpdf--enc-R2_V1_U_view_O_master.pdf", restricted,
      because: "encrypted=yes-needs-pw('view'); qpdf: modify other not allowed"),
    .protected(
      "qpdf--enc-R3_V2_U_view_O_master.pdf", restricted,
      because: "encrypted=yes-needs-pw('view'); qpdf: modify other not allowed"),
    .clean(
      "qpdf--enc-XI-R6_V5_U_view_O_master.pdf",
      because: "encrypted=yes-needs-pw('view'); qpdf: modify other allowed"),
    .protected(
      "qpdf--enc-XI-R6_V5_O_master.pdf", restricted,
      because: "encrypted=yes-empty-pw; qpdf: modify other not allowed"),
    .clean(
      "qpdf--leading-junk.pdf",
      because: "header_offset=14, qpdf_check=clean; qpdf: modify other allowed"),
    .clean("qpdf--no-space-in-xref.pdf", because: "19-byte entries, yet qpdf_check=clean"),
    .damaged("qpdf--issue-149.pdf", because: "damaged(qpdf reconstructs)"),
    .damaged("qpdf--bad-xref-entry.pdf", because: "damaged(qpdf reconstructs)"),
    .damaged("qpdf--bad8.pdf", because: "damaged(qpdf reconstructs): /Prev points nowhere"),
    .damaged("qpdf--issue-117.pdf", because: "damaged(qpdf reconstructs): startxref invalid"),
    .damaged("qpdf--append-page-content-damaged.pdf", because: "damaged(qpdf reconstructs)"),
    CorpusExpectation(
      file: "qpdf--recover-xref-stream.pdf", get: .refused(truncated), set: .refused(truncated),
      because: "bytes_after_last_EOF=2000: no %%EOF in the last 1024 bytes, where a file ends; "
        + "qpdf_check=errors: qpdf cannot reconstruct it either"),
    CorpusExpectation(
      file: "qpdf--bad-direct-root.pdf", get: .refused(notPDF), set: .refused(notPDF),
      because: "pdf_header=none: no %PDF- in the first 1024 bytes"),
    .damaged(
      "qpdf--xref-compressed-in-compressed.pdf",
      because: "qpdf_check=crash: no reader checks it whole; MuPDF repairs its cross-reference "
        + "data (an object stream that does not exist), which the test asserts"),
    .clean("pypdf-samples--minimal-document.pdf", because: "qpdf_check=clean, pdfTeX"),
    .clean("pypdf-samples--002-trivial-libre-office-writer.pdf", because: "qpdf_check=clean"),
    .clean(
      "pypdf-samples--libreoffice-writer-password.pdf",
      because: "encrypted=yes-needs-pw('openpassword'); qpdf: modify other allowed"),
    .clean("pypdf-samples--habibi.pdf", because: "qpdf_check=clean, no /Direction"),
    .clean("pypdf-samples--google-doc-document.pdf", because: "qpdf_check=clean"),
    .clean("pypdf-samples--crazyones-pdfa.pdf", because: "qpdf_check=clean, PDF/A"),
    .clean("pypdf-samples--grayscale-image.pdf", because: "qpdf_check=clean"),
    .damaged(
      "pypdf-samples--unreadablemetadata.pdf",
      because: "damaged(qpdf reconstructs): second section invalid"),
    .clean(
      "verapdf--TWG_test_files--TWG_test_suite_A008-pdfa1-pass-a.pdf", "left-edge",
      because: "Direction=/L2R, qpdf_check=clean"),
    .clean("verapdf--PDF_UA-1--7.1-t01-pass-b.pdf", because: "qpdf_check=clean"),
    .clean("verapdf--PDF_UA-1--7.21.4.1-t01-fail-a.pdf", because: "qpdf_check=clean"),
    .clean("verapdf--PDF_UA-1--7.1-t02-pass-b.pdf", because: "qpdf_check=clean, 8 tables"),
    .protected(
      "verapdf--PDF_A-2b--veraPDF_test_suite_6-1-12-t02-pass-a.pdf", certified,
      because: "signature_fields=1(signed=1) and /Perms"),
    .protected(
      "verapdf--PDF_A-4--veraPDF_test_suite_6-1-11-t01-pass-a.pdf", certified,
      because: "signature_fields=1(signed=1) and /Perms"),
    .protected(
      "verapdf--PDF_UA-1--7.16-t01-fail-a.pdf", restricted,
      because: "encrypted=yes-empty-pw; qpdf: modify other not allowed"),
    .damaged(
      "verapdf--PDF_A-1b--veraPDF_test_suite_6-1-2-t01-fail-a.pdf",
      because: "damaged(qpdf reconstructs): bad header"),
    .clean(
      "verapdf--PDF_UA-1--7.2-t29-fail-k.pdf", because: "qpdf_check=warnings, not damaged"),
    .clean("verapdf--PDF_A-1a--veraPDF_test_suite_6-8-4-t01-pass-d.pdf", because: "clean"),
    .clean(
      "verapdf--PDF_A-2a--veraPDF_test_suite_6-7-4-t01-pass-a.pdf",
      because: "qpdf_check=warnings, not damaged"),
    .clean("pdf20ex--PDF_2.0_via_incremental_save.pdf", because: "qpdf_check=clean"),
    .clean("pdf20ex--PDF_2.0_with_offset_start.pdf", because: "qpdf_check=clean, header at 656"),
    .damaged(
      "pdf20ex--pdf20-utf8-test.pdf", because: "damaged(qpdf reconstructs): startxref wrong"),
    .clean(
      "pdfium--viewer_ref.pdf", "right-edge",
      because: "Direction=/R2L; qpdf_check=warnings, not damaged"),
    .damaged(
      "pdfium--bug_664284.pdf", "right-edge",
      because: "Direction=/R2L in a damaged(qpdf reconstructs) file: no write needed"),
    .clean(
      "pdfium--circular_viewer_ref.pdf",
      because: "qpdf_check=warnings, not damaged; the catalog names itself"),
    CorpusExpectation(
      file: "pdfium--repeat_viewer_ref.pdf", get: .refused(unreadable), set: .refused(unreadable),
      because: "qpdf_check=errors in the catalog itself (/ViewerPreferences << left open): "
        + "qpdf cannot read the catalog, so neither command has a binding to go on"),
    .clean("pdfium--viewer_pref_types.pdf", because: "qpdf_check=clean"),
    .protected(
      "pdfium--two_signatures.pdf", signed, because: "signature_fields=2(signed=2), no /Perms"),
    .protected(
      "pdfium--docmdp.pdf", signed,
      because: "signature_fields=1(signed=1); the catalog has no /Perms, so not certified"),
    .clean("pdfium--hebrew_mirrored.pdf", because: "qpdf_check=clean"),
    .clean("pdfcpu--UserFont_Hebrew.pdf", because: "qpdf_check=clean"),
    .clean("pdfcpu--UserFont_Arabic.pdf", because: "qpdf_check=clean"),
    .clean("pdfcpu--UserFont_Persian.pdf", because: "qpdf_check=clean"),
    .clean("pdfcpu--UserFont_Urdu.pdf", because: "qpdf_check=clean"),
    .clean("pdfcpu--tableRTL.pdf", because: "qpdf_check=clean"),
    .protected(
      "pikepdf--graph-encrypted.pdf", restricted,
      because: "encrypted=yes-needs-pw('user'); qpdf: modify other not allowed"),
    .clean(
      "pdflib--with_viewer_prefs.pdf", "right-edge", because: "Direction=/R2L, qpdf_check=clean"),
  ]
}
