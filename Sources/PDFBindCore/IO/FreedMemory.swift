import CSystemShims

/// The heap pdfbind's own process freed and glibc still holds. qpdf reading a damaged file can
/// grow it by hundreds of megabytes for a moment (pdf.js's 1.5 MB `bug1978317.pdf`: 330 MB,
/// as much as `qpdf --show-npages` takes), and glibc keeps freed pages: a batch held that
/// high-water mark to its end, beside its page workers, and over pdf.js's test files the
/// whole run passed 1 GiB. The page workers give theirs back after each request
/// (`PageWorker.freeHeapKept`); this is the same for the files of a batch.
package enum FreedMemory {
  /// Free heap a batch keeps for its next files; more is given back.
  package static let kept = 32 << 20

  /// Gives the freed heap back to the system when it holds more than `kept`; called after
  /// each file of a batch. Reading the heap's state costs microseconds, trimming only when a
  /// file grew it.
  package static func giveBackAfterFile() {
    _ = CSystemShims_return_free_memory_above(kept)
  }
}
