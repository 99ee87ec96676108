import Glibc

/// libFuzzer's entry (`make fuzz`): each input goes to the target `PDFBIND_FUZZ_TARGET` names,
/// `reader` (the default) or `update`. A broken invariant stops the run through `violated`, so
/// libFuzzer keeps the input as a crash artifact.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  switch FuzzTarget.selected {
  case .reader: ReaderTarget.run(bytes)
  case .update: UpdateTarget.run(bytes)
  }
  return 0
}

enum FuzzTarget: String {
  case reader
  case update

  static let selected: FuzzTarget = {
    let name = getenv("PDFBIND_FUZZ_TARGET").map { String(cString: $0) } ?? "reader"
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("PDFBIND_FUZZ_TARGET is \(name); it must be reader or update")
    }
    return target
  }()
}

/// Stops the run with `why` unless `condition` holds.
func require(_ condition: Bool, _ why: @autoclosure () -> String) {
  if !condition { violated(why()) }
}

func violated(_ why: String) -> Never {
  let line = Array("pdfbind fuzz: invariant broken: \(why)\n".utf8)
  _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
  abort()
}

/// Disagreements worth a report that must not stop the run (libFuzzer ends at the first crash):
/// the first input of each kind goes to `PDFBIND_FUZZ_FINDINGS` (default
/// `.build-fuzz/findings`), named after the kind, and a line to stderr.
enum Findings {
  static let directory: String =
    getenv("PDFBIND_FUZZ_FINDINGS").map { String(cString: $0) } ?? ".build-fuzz/findings"
  nonisolated(unsafe) static var seen: Set<String> = []

  static func record(_ kind: String, input: UnsafeRawBufferPointer) {
    // Numbers vary from one input to the next; the kind is the words.
    let key = String(kind.map { $0.isNumber ? "N" : $0 })
    guard seen.insert(key).inserted else { return }
    mkdir(directory, 0o755)
    let slug = String(key.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(80))
    ScratchFile(path: "\(directory)/\(FuzzTarget.selected.rawValue)-\(slug)").write(input)
    let line = Array("pdfbind fuzz: finding (\(FuzzTarget.selected.rawValue)): \(kind)\n".utf8)
    _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
  }
}
