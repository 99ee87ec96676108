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

extension InputOptions {
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
