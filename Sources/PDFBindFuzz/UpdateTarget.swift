import PDFBindCore

/// Target 2: the update `set` plans, for inputs the catalog fast path accepts (the fuzzer
/// mutates the fixtures and corpus files; anything else is declined at once). qpdf reads the
/// file as `set` does and must agree with the fast path on what `get` reports (qpdf's warnings
/// that `get` does not show, such as a short `/Size`, may differ); the planned bytes, appended, must keep
/// the original as their prefix, chain to it, and point every new entry at its object; the
/// readers and `set`'s own verifier (qpdf again) must read the result back as changed.
enum UpdateTarget {
  static let original = ScratchFile(role: "original")
  static let result = ScratchFile(role: "result")

  /// The change, picked by the input's length so that every change meets every kind of file.
  static let changes: [(PageBinding?, PageArrangement?)] = [nil, .leftEdge, .rightEdge, .unknown]
    .flatMap { binding in [nil, .cover, .noCover, .single].map { (binding, $0) } }
    .filter { $0.0 != nil || $0.1 != nil }

  static func run(_ bytes: UnsafeRawBufferPointer) {
    original.write(bytes)
    guard let reading = FuzzEntryPoints.read(path: original.path),
      let fastPath = reading.fastPath
    else { return }
    let (binding, arrangement) = changes[bytes.count % changes.count]
    guard
      let attempt = FuzzEntryPoints.planUpdate(
        path: original.path, binding: binding, arrangement: arrangement)
    else {
      Findings.record("the fast path reads a file qpdf cannot open", input: bytes)
      return
    }
    if let damage = attempt.qpdfDamage {
      // `get` then reports no damage, where qpdf's path warns; `set` refuses either way.
      Findings.record("the fast path reads a file qpdf finds damaged: \(damage)", input: bytes)
      return
    }
    require(
      attempt.qpdfEntries == fastPath,
      "the fast path read \(fastPath), qpdf \(attempt.qpdfEntries)")
    guard let update = attempt.update else { return }

    let resultBytes = Array(bytes) + update.bytes
    let expected = FuzzEntryPoints.Entries(
      direction: binding.map(\.directionName) ?? fastPath.direction,
      pageLayout: arrangement?.pageLayoutName ?? fastPath.pageLayout,
      pageCount: fastPath.pageCount)
    // A table is checked byte by byte apart from pdfbind's readers; a cross-reference stream
    // (compressed rows) by the readers, the revision scan and set's verifier below.
    if update.kind == "table" {
      UpdateStructure(result: resultBytes, originalCount: bytes.count, update: update).check()
    }
    resultBytes.withUnsafeBytes { result.write($0) }
    checkReadBack(resultBytes, originalCount: bytes.count, update: update, expected: expected)
  }

  /// The readers find the new section and pdfbind's marker; the fast path, when it reads the
  /// result, and `set`'s verifier read the change.
  static func checkReadBack(
    _ resultBytes: [UInt8], originalCount: Int, update: FuzzEntryPoints.PlannedUpdate,
    expected: FuzzEntryPoints.Entries
  ) {
    guard let reading = FuzzEntryPoints.read(path: result.path) else {
      violated("the result cannot be opened")
    }
    let sectionOffset = UpdateStructure.sectionOffset(resultBytes, originalCount: originalCount)
    require(reading.lastStartxref == sectionOffset, "the tail scan misses the new startxref")
    require(reading.strictStartxref == sectionOffset, "the strict tail misses the new startxref")
    require(reading.newestSectionKind == update.kind, "the new section reads as another kind")
    if let entries = reading.fastPath {
      require(entries == expected, "the fast path reads the result as \(entries), not \(expected)")
    }
    let revisions = resultBytes.withUnsafeBytes { FuzzEntryPoints.revisions(in: $0) }
    guard let newest = revisions?.last else { violated("no revision found in the result") }
    // The line feed an update puts after an original's last `%%EOF` ends that revision.
    let previousEnd = originalCount + (update.bytes.first == 0x0A ? 1 : 0)
    require(
      newest.end == resultBytes.count && newest.start <= previousEnd,
      "the update's revision is \(newest.start)..<\(newest.end)")
    require(
      newest.markerOffset.map { $0 == originalCount || $0 == originalCount + 1 } ?? false,
      "pdfbind's marker found at \(String(describing: newest.markerOffset))")
    if let failure = update.verify(resultAt: result.path) {
      violated("set's verifier refuses the result: \(failure)")
    }
  }
}
