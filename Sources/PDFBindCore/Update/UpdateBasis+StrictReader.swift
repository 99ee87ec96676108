/// `set` without qpdf's read of the original: the basis as pdfbind's strict reader of `Syntax/`
/// reads a plain file, so that qpdf opens the file once, to judge the result. The one place
/// `Update/` depends on that reader: the newest section's kind and trailer, the catalog, an
/// indirect `/ViewerPreferences`, and the objects every section defines.
extension UpdateBasis {
  /// The basis and the objects the verifier must read in the result to look for damage (what
  /// the qpdf way reads in the original before writing), or nil when the reader declines the
  /// file or the file needs qpdf's judgement before anything is written: encryption, a form
  /// (`/AcroForm`, where signatures live) or a certification (`/Perms`), a hybrid file, the
  /// header elsewhere than at byte 0, anything after `startxref N %%EOF`, an odd `/Size`.
  static func strictlyRead(_ source: SourceFile, change: BindingChange) -> (
    basis: UpdateBasis, damageSample: [Int]
  )? {
    guard FileTail.startsWithVersionedHeader(source.head),
      let startxref = FileTail.exactStartxref(inTail: source.tail), startxref > 0,
      let layout = try? source.layout(), layout.headerOffset == 0,
      layout.startxref == startxref, let mapping = source.mapping,
      Int64(mapping.length) == source.version.size
    else { return nil }
    return mapping.withBytes { bytes -> (UpdateBasis, [Int])? in
      guard let chain = source.strictChain(startxref: startxref), chain.complete,
        case let sections = chain.sections, let newest = sections.first,
        sections.allSatisfy({ $0.trailer["Encrypt"] == nil && $0.kind != .hybrid }),
        case .integer(let trailerSize)? = newest.trailer["Size"], trailerSize > 0,
        case .reference(let rootNumber, let rootGeneration)? = newest.trailer["Root"],
        let highest = sections.compactMap(\.highestNumber).max()
      else { return nil }
      var objects = ObjectReader(
        bytes: bytes, header: 0, strictness: .strict, sections: sections)
      guard let root = objects.object(rootNumber, rootGeneration), case .dictionary = root,
        root["AcroForm"] == nil, root["Perms"] == nil
      else { return nil }
      let catalog = RewrittenObject(
        objectNumber: rootNumber, generation: rootGeneration, value: root)
      // As qpdf's way: only an indirect dictionary other than the catalog is rewritten itself.
      var viewerPreferences: RewrittenObject?
      if change.binding != nil,
        case .reference(let number, let generation)? = root["ViewerPreferences"],
        number != rootNumber
      {
        guard let value = objects.object(number, generation), case .dictionary = value else {
          return nil
        }
        viewerPreferences = RewrittenObject(
          objectNumber: number, generation: generation, value: value)
      }
      // Every number any section defines, and every cross-reference stream's own, stays below
      // the update's (as `Exactness.definedSize` computes it for the qpdf way).
      let size = highest + 1
      let carried = ["Root", "Info", "ID"].compactMap { key -> (key: [UInt8], value: PDFValue)? in
        guard let value = newest.trailer[key], value != .null else { return nil }
        return (Array(key.utf8), value)
      }
      let basis = UpdateBasis(
        catalog: catalog, viewerPreferences: viewerPreferences, layout: layout,
        originalSize: Int(source.version.size), kind: newest.kind, size: size,
        carriedTrailerEntries: carried, encryption: nil, notes: [])
      // As the qpdf way samples: objects in object streams left out of a large file's sample.
      let entry = objects.entryLookup()
      let sample = UpdatePlanner.objectsToCheck(size: size) { number in
        newest.kind == .stream && entry(number)?.objectStream != nil
      }
      return (basis, sample)
    }
  }
}
