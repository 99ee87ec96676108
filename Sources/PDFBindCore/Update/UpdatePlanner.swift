/// The bytes `set` appends to one file, and what the verifier must find in the result.
struct UpdatePlan {
  var bytes: [UInt8]
  /// The objects the update rewrites, as qpdf must read them back from the result.
  var objects: [RewrittenObject]
  var kind: CrossReferenceKind
  var notes: [BindingWarning]
  /// The number of the cross-reference stream the update ends with (nil: a table).
  var streamNumber: Int? = nil
}

/// Decides what an update rewrites and builds it from what one reader established about the
/// file (`UpdateBasis`): the objects that carry the change, and the bytes after them.
enum UpdatePlanner {
  static func plan(_ change: BindingChange, on basis: UpdateBasis) -> UpdatePlan {
    let objects = rewrittenObjects(
      for: change, catalog: basis.catalog, viewerPreferences: basis.viewerPreferences)
    let update = IncrementalUpdate(
      layout: basis.layout, originalSize: basis.originalSize, kind: basis.kind,
      previousSize: basis.size, carriedTrailerEntries: basis.carriedTrailerEntries,
      objects: objects, crossReferenceStreamCopy: basis.crossReferenceStreamCopy)
    let encryptString = basis.encryption?.stringEncryptor(needed: objects)
    return UpdatePlan(
      bytes: update.bytes(encryptString: encryptString), objects: objects, kind: basis.kind,
      notes: basis.notes, streamNumber: basis.kind == .stream ? update.firstFreeNumber : nil)
  }

  /// The objects to rewrite. `/Direction` goes into the indirect `/ViewerPreferences`
  /// dictionary when there is one (unless removing it leaves that dictionary empty), otherwise
  /// into the catalog; `/PageLayout` always goes into the catalog.
  static func rewrittenObjects(
    for change: BindingChange, catalog: RewrittenObject, viewerPreferences: RewrittenObject?
  ) -> [RewrittenObject] {
    var catalog = catalog
    var rewritesCatalog = false
    var objects: [RewrittenObject] = []
    if let arrangement = change.arrangement {
      catalog.value = catalog.value.updating("PageLayout", to: .name(arrangement.pageLayoutName))
      rewritesCatalog = true
    }
    if let binding = change.binding {
      let direction = binding.directionName.map { PDFValue.name($0) }
      if var preferences = viewerPreferences {
        preferences.value = preferences.value.updating("Direction", to: direction)
        if preferences.value.isEmptyDictionary {
          catalog.value = catalog.value.updating("ViewerPreferences", to: nil)
          rewritesCatalog = true
        } else {
          objects.append(preferences)
        }
      } else {
        var preferences = catalog.value["ViewerPreferences"] ?? .dictionary([])
        if case .dictionary = preferences {} else { preferences = .dictionary([]) }
        preferences = preferences.updating("Direction", to: direction)
        catalog.value = catalog.value.updating(
          "ViewerPreferences", to: preferences.isEmptyDictionary ? nil : preferences)
        rewritesCatalog = true
      }
    }
    if rewritesCatalog { objects.append(catalog) }
    return objects
  }

  /// The kind of the newest section, from the file's bytes (`found`), checked against qpdf's
  /// trailer.
  static func crossReferenceKind(
    _ found: CrossReferenceKind?, layout: FileLayout, trailer: PDFValue
  ) throws(BindingError) -> CrossReferenceKind {
    let isStreamDictionary = trailer["Type"] == .name("XRef")
    switch found {
    case .table? where !isStreamDictionary:
      return trailer["XRefStm"] == nil ? .table : .hybrid
    case .stream? where isStreamDictionary:
      return .stream
    default:
      throw BindingError.unsupported(
        .exactUpdate(
          "startxref (\(layout.startxref)) does not point at the cross-reference section qpdf read")
      )
    }
  }

  // MARK: - Damage

  /// Files with up to this many objects have every object read before `set` writes.
  static let fullDamageCheckLimit = 1024
  /// Larger files have this many, spread evenly over the object numbers (each may cost qpdf
  /// the parse of a whole object stream; 32 keeps set on 5,000 pages under 30 MB).
  static let damageCheckSample = 32

  /// qpdf reads lazily, so an xref entry that points at the wrong bytes shows only when its
  /// object is read: read some (`objectsToCheck`) before stacking an update on the file, or in
  /// the result, which holds them at the same offsets.
  static func requireObjectsReadable(_ document: QPDFDocument, objects: [Int])
    throws(BindingError)
  {
    _ = document.takeWarnings()
    let warnings: [QPDFWarning]
    do {
      warnings = try document.readObjects(objects)
    } catch .damaged(.unrecoverable(let detail)) {
      throw .damaged(.needsRepair(detail: detail))
    }
    if let warning = warnings.first {
      throw BindingError.damaged(.needsRepair(detail: warning.detail))
    }
  }

  /// The objects `set` reads to look for cross-reference damage before it writes. Damage that
  /// shifts offsets (an edited or re-encoded file) shows in any sample; the bound keeps the
  /// cost of `set` independent of the document's size (in a file with object streams, each
  /// sampled object costs the parse of its whole object stream). A single stray entry in a
  /// large file can go unseen: qpdf still reads such a file, and so does the result.
  /// In a large file, the sample is spread over the object numbers not in `skipped` (all of
  /// them when `skipped` leaves too few).
  static func objectsToCheck(size: Int, skipping skipped: Set<Int> = []) -> [Int] {
    guard size > 1 else { return [] }
    let count = size - 1
    if count <= fullDamageCheckLimit { return Array(1..<size) }
    let candidates = skipped.isEmpty ? [] : (1..<size).filter { !skipped.contains($0) }
    if candidates.count >= damageCheckSample {
      return (0..<damageCheckSample).map {
        candidates[$0 * (candidates.count - 1) / (damageCheckSample - 1)]
      }
    }
    return (0..<damageCheckSample).map { 1 + $0 * (count - 1) / (damageCheckSample - 1) }
  }

  /// `objectsToCheck` for a file whose objects in object streams `isCompressed` tells, without
  /// listing them (70,000 entries in a book): from each of the evenly spread numbers, the next
  /// one not in an object stream; all numbers spread when too few are left.
  static func objectsToCheck(size: Int, skippingWhere isCompressed: (Int) -> Bool) -> [Int] {
    let spread = objectsToCheck(size: size)
    guard size - 1 > fullDamageCheckLimit else { return spread }
    var sample: [Int] = []
    for start in spread {
      var number = max(start, (sample.last ?? 0) + 1)
      while number < size, isCompressed(number) { number += 1 }
      if number < size { sample.append(number) }
    }
    return sample.count == damageCheckSample ? sample : spread
  }
}
