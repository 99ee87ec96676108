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
