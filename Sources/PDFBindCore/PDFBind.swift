/// Facts about pdfbind itself.
public enum PDFBind {
  /// pdfbind's version: `--version` prints it, and every update pdfbind writes records it in
  /// its marker comment (see `UpdateMarker`).
  public static let version = "0.2.0"
}
