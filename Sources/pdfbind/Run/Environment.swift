import Glibc

/// The few facts pdfbind reads from its environment.
enum Environment {
  static func value(of name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// `$TMPDIR`, or `/tmp`.
  static var temporaryDirectory: String {
    if let value = value(of: "TMPDIR"), !value.isEmpty { return value }
    return "/tmp"
  }
}
