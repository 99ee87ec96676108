/// A validated shortcut for `get` on plain files, so reading three catalog entries does not cost
/// qpdf's parse of every cross-reference entry (70,000 in a text-heavy book: qpdf spends about
/// 3,000 instructions on each).
///
/// It answers only for a file that is plain in every respect qpdf could read differently, as
/// the strict reader of `Syntax/` sees it: the header at byte 0; a tail that ends
/// `startxref N %%EOF`; a chain of classic tables (every entry in the strict 20-byte form) or
/// cross-reference streams (no filter, or `/FlateDecode` with a PNG predictor; exactly the
/// rows `/W` and `/Index` name), no hybrid `/XRefStm`, no `/Encrypt`; the catalog,
/// its `/ViewerPreferences` and the page tree's root found through those sections, with their
/// `N G obj` headers where the entries say or in an object stream whose header names them;
/// their dictionaries in plain syntax (no comments, no `#` escapes in names, no duplicate
/// keys); `/Direction` absent, `null`, `/L2R` or `/R2L`; `/PageLayout` absent, `null` or a
/// name; `/Count` a non-negative integer. Anything else (including everything qpdf would warn
/// about for `get`) returns nil, and qpdf reads the file as before. qpdf stays the judge of what
/// `set` writes: its verifying re-read is a full qpdf open. `CatalogFastPathTests` checks that
/// both agree on every fixture, corpus file and damaged mutant, or that this path declined.
enum CatalogFastPath {
  /// What `get` reports, read without qpdf, or nil when the file is not plain.
  static func report(for source: SourceFile) -> BindingReport? {
    guard let facts = facts(of: source) else { return nil }
    return BindingReport(
      direction: facts.direction, pageLayout: facts.pageLayout, pageCount: facts.pageCount,
      warnings: [])
  }

  struct Facts: Equatable {
    var direction: DirectionEntry
    var pageLayout: PageLayoutEntry
    var pageCount: Int
  }

  static func facts(of source: SourceFile) -> Facts? {
    guard FileTail.startsWithVersionedHeader(source.head),
      let startxref = FileTail.exactStartxref(inTail: source.tail), startxref > 0,
      let mapping = source.mapping,
      Int64(mapping.length) == source.version.size
    else { return nil }
    guard let chain = source.strictChain(startxref: startxref) else { return nil }
    return mapping.withBytes { facts(in: $0, chain: chain) }
  }

  /// The facts of the file in `bytes` (header at 0) from the strict reader's `chain` of it.
  private static func facts(
    in bytes: UnsafeRawBufferPointer,
    chain: (sections: [CrossReferenceSection], complete: Bool)
  ) -> Facts? {
    let (sections, complete) = chain
    guard complete,
      sections.allSatisfy({ $0.trailer["Encrypt"] == nil && $0.kind != .hybrid }),
      let trailer = sections.first?.trailer, case .integer? = trailer["Size"],
      case .reference(let rootNumber, let rootGeneration)? = trailer["Root"]
    else { return nil }
    var objects = ObjectReader(bytes: bytes, header: 0, strictness: .strict, sections: sections)
    guard let catalog = objects.object(rootNumber, rootGeneration), case .dictionary = catalog
    else { return nil }

    let direction: DirectionEntry
    switch catalog["ViewerPreferences"] {
    case nil, .null?: direction = .absent
    case var preferences?:
      if case .reference(let number, let generation) = preferences {
        guard let resolved = objects.object(number, generation) else { return nil }
        preferences = resolved
      }
      guard case .dictionary = preferences else { return nil }
      switch preferences["Direction"] {
      case nil, .null?: direction = .absent
      case .name(let name)? where name == Array("L2R".utf8) || name == Array("R2L".utf8):
        direction = .name(String(decoding: name, as: UTF8.self))
      // Other names earn a warning from the qpdf path; other values are unparsed by qpdf.
      default: return nil
      }
    }

    let pageLayout: PageLayoutEntry
    switch catalog["PageLayout"] {
    case nil, .null?: pageLayout = .absent
    case .name(let name)?: pageLayout = .name(String(decoding: name, as: UTF8.self))
    default: return nil
    }

    var pages = catalog["Pages"]
    if case .reference(let number, let generation)? = pages {
      pages = objects.object(number, generation)
    }
    guard case .integer(let count)? = pages?["Count"], (0...Int64(Int32.max)).contains(count)
    else { return nil }
    return Facts(direction: direction, pageLayout: pageLayout, pageCount: Int(count))
  }
}
