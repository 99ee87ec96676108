extension Verifier {
  /// What lets the verifier take the page count of an update planned from pdfbind's strict
  /// read, that rewrites the catalog and ends with a cross-reference stream, without making
  /// qpdf resolve the page tree: in a book whose page tree's root sits in an object stream
  /// (with 5,000 `/Kids`), that costs more than half of a bare qpdf open of the result, and is
  /// the one part of `set`'s re-read that such an open never does (issue 44).
  ///
  /// qpdf still judges the result (`confirm`): it opens it whole (every section, recovery
  /// off), its catalog is the object the update wrote, that object reads back entry by entry
  /// as meant (`/Pages` the original's reference, unresolved), and the appended stream lists
  /// exactly the rewritten objects and itself. The page tree's root is then found through the
  /// original's own sections, byte for byte where the original has it, so the result's page
  /// count is the original's. What this no longer re-checks is the original itself: that qpdf
  /// reads its page tree's root as the strict reader did (the fast path's tests compare both).
  struct KeptPageTree {
    var catalogNumber: Int
    /// The catalog's `/Pages` as the update writes it (the original's).
    var pagesNumber: Int
    /// The appended cross-reference stream's object number.
    var streamNumber: Int
    /// The original's page count.
    var pageCount: Int

    /// Nil unless `plan` rewrites the catalog (number `catalogNumber`) with `/Pages` a
    /// reference and ends with a cross-reference stream, and the original's count is known.
    init?(plan: UpdatePlan, catalogNumber: Int, originalPageCount: Int?) {
      guard let streamNumber = plan.streamNumber, let pageCount = originalPageCount,
        let catalog = plan.objects.first(where: { $0.objectNumber == catalogNumber }),
        case .reference(let pagesNumber, _)? = catalog.value["Pages"],
        !plan.objects.contains(where: { $0.objectNumber == pagesNumber })
      else { return nil }
      self.catalogNumber = catalogNumber
      self.pagesNumber = pagesNumber
      self.streamNumber = streamNumber
      self.pageCount = pageCount
    }

    /// Checks, through qpdf, that the result's catalog is the rewritten one and that its
    /// newest section adds only `objects` and its own stream; the objects themselves are read
    /// back by the verifier. Returns the page count the result keeps.
    func confirm(in document: QPDFDocument, objects: [RewrittenObject]) throws(BindingError)
      -> Int
    {
      let root = document.rootObjectNumber()
      guard root == catalogNumber else {
        throw Verifier.failure("qpdf reads object \(root) as its catalog, not \(catalogNumber)")
      }
      guard let rows = document.crossReferenceStreamRows(streamNumber) else {
        throw Verifier.failure("qpdf cannot read the appended cross-reference stream")
      }
      let expected = Set(objects.map(\.objectNumber) + [streamNumber])
      let listed = rows.map(\.number)
      guard rows.allSatisfy({ $0.inUse && $0.objectStream == nil }),
        Set(listed) == expected, listed.count == expected.count
      else {
        throw Verifier.failure(
          "the appended cross-reference stream lists objects \(listed), not \(expected.sorted())"
        )
      }
      return pageCount
    }
  }
}
