import ArgumentParser
import Glibc
import PDFBindCore
import SystemPackage

/// One input as the user named it: `display` is the path's exact bytes, for printing.
struct Input: Sendable {
  var path: FilePath
  var display: [UInt8]
  /// Set for a directory a -r walk could not read: the input fails with this error.
  var walkFailure: WalkError? = nil
  var isStandardInput: Bool { display == [UInt8(ascii: "-")] }

  /// `PATH: text`, with the path's exact bytes.
  func line(_ text: String) -> [UInt8] { display + Array(": \(text)".utf8) }

  /// The folder whose metadata.opf and ComicInfo.xml describe this file; none for stdin.
  var sidecarDirectory: FilePath? {
    guard !isStandardInput else { return nil }
    let parent = path.removingLastComponent()
    return parent.isEmpty ? "." : parent
  }
}

/// What InputOptions parsed, as plain values: the command-line forms CommonForms reads build
/// one without ArgumentParser.
struct InputSelection: Equatable, Sendable {
  var files: [String] = []
  var filesFrom: String? = nil
  var nullSeparated = false
  var password: String? = nil
  var jobs: Int? = nil
  var recursive = false

  /// True when the command line names exactly one file: what -o needs.
  var namesOneFile: Bool { files.count == 1 && filesFrom == nil && !recursive }

  func validate() throws {
    if files.isEmpty && filesFrom == nil {
      throw ValidationError("No input files. Name at least one FILE or use --files-from.")
    }
    if nullSeparated && filesFrom == nil {
      throw ValidationError("-0/--null applies to --files-from LIST, which is missing.")
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    if files.filter({ $0 == "-" }).count + (filesFrom == "-" ? 1 : 0) > 1 {
      throw ValidationError("Standard input ('-') can be read only once.")
    }
  }

  var resolvedPassword: String? {
    password ?? Environment.value(of: "PDFBIND_PASSWORD")
  }

  /// The inputs in order; with -r, directories are walked lazily as the run consumes them.
  func inputStream() throws -> InputStream {
    InputStream(named: try inputs(), recursive: recursive)
  }

  /// The FILE arguments with their original bytes, then the --files-from list, in order.
  func inputs() throws -> [Input] {
    var inputs = RawArguments.recover(files).map {
      Input(path: FilePath(platformString: $0), display: $0)
    }
    if let filesFrom {
      let list: [UInt8]
      do {
        let path = RawArguments.value(of: ["--files-from"], parsed: filesFrom)
        list = try FileList.read(filesFrom == "-" ? nil : FilePath(platformString: path))
      } catch {
        throw ValidationError("Cannot read the list \(filesFrom): \(error)")
      }
      let separator: UInt8 = nullSeparated ? 0 : UInt8(ascii: "\n")
      for entry in list.split(separator: separator, omittingEmptySubsequences: true) {
        var bytes = Array(entry)
        if !nullSeparated, bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        inputs.append(Input(path: FilePath(platformString: bytes), display: bytes))
      }
      if inputs.isEmpty { throw ValidationError("The list \(filesFrom) names no files.") }
    }
    return inputs
  }
}

extension FilePath {
  init(platformString bytes: [UInt8]) {
    self = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
      FilePath(platformString: $0.baseAddress!)
    }
  }
}

extension InputOptions {
  var resolvedPassword: String? { selection.resolvedPassword }
  var namesOneFile: Bool { selection.namesOneFile }
  func inputStream() throws -> InputStream { try selection.inputStream() }
}
