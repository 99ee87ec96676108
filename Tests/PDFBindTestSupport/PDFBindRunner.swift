import Foundation

/// Runs the built `pdfbind` binary, as a user would.
public enum PDFBindRunner {
  /// On Linux the test bundle and the executables share one build folder.
  public static let executable = Bundle.main.bundleURL.appendingPathComponent("pdfbind").path

  public static func run(
    _ arguments: String..., input: Data? = nil, environment: [String: String]? = nil
  ) throws -> ProcessResult {
    try run(arguments, input: input, environment: environment)
  }

  public static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil
  ) throws -> ProcessResult {
    try runProcess(executable, arguments, input: input, environment: environment)
  }
}
