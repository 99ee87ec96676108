/// The few facts about a file's first and last bytes that an incremental update depends on,
/// found by scanning raw bytes (qpdf does not expose them through its C API).
struct FileLayout: Equatable, Sendable {
  /// Bytes before `%PDF-`. qpdf, like Acrobat, reads every offset relative to the header, so the
  /// offsets we write are relative to it too.
  var headerOffset: Int
  /// The value of the last `startxref`: where the newest cross-reference section starts
  /// (relative to the header). It becomes the update's `/Prev`.
  var startxref: Int
  /// Whether the file's last byte ends a line; if not, the update starts with one.
  var endsWithNewline: Bool
}

/// The kind of a cross-reference section, which decides the kind the update writes.
public enum CrossReferenceKind: String, Sendable {
  case table
  /// A classic table whose trailer has `/XRefStm` (ISO 32000-1 §7.5.8.4).
  case hybrid
  case stream
}
