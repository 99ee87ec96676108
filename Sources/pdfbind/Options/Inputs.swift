import ArgumentParser
import Glibc
import PDFBindCore
import SystemPackage

/// One input as the user named it: `display` is the path's exact bytes, for printing.
struct Input: Sendable {
  var path: FilePath
  var display: [UInt8]
  var isStandardInput: Bool { display == [UInt8(ascii: "-")] }
}

extension InputOptions {
  var resolvedPassword: String? {
    password ?? Environment.value(of: "PDFBIND_PASSWORD")
  }

  /// The FILE arguments with their original bytes, then the --files-from list, in order.
  func inputs() throws -> [Input] {
    var inputs = RawArguments.recover(files).map {
      Input(path: FilePath(platformString: $0), display: $0)
    }
    if let filesFrom {
      let list: [UInt8]
      do {
        list = try FileList.read(filesFrom == "-" ? nil : FilePath(filesFrom))
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

/// ArgumentParser decodes arguments as UTF-8, replacing bytes that are not; a path must keep
/// its exact bytes, so each parsed argument is matched back to the raw argv entry it came from.
enum RawArguments {
  static func recover(_ parsed: [String]) -> [[UInt8]] {
    let raw: [[UInt8]] = (1..<Int(CommandLine.argc)).compactMap { index -> [UInt8]? in
      guard let pointer = CommandLine.unsafeArgv[index] else { return nil }
      return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
        UInt8(bitPattern: $0)
      }
    }
    var searchFrom = 0
    return parsed.map { argument in
      let utf8 = Array(argument.utf8)
      for index in searchFrom..<raw.count
      where String(decoding: raw[index], as: UTF8.self) == argument {
        searchFrom = index + 1
        return raw[index]
      }
      return utf8
    }
  }
}
