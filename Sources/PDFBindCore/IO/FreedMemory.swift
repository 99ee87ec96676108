import CSystemShims

/// The heap a pdfbind process frees and glibc would keep: the one policy of the page workers
/// and of a batch's own process. A worker's large page, or qpdf reading a damaged file in a
/// batch (pdf.js's 1.5 MB `bug1978317.pdf`: 330 MB for a moment, as much as `qpdf
/// --show-npages` takes), would otherwise leave its high-water mark held to the end: over
/// pdf.js's test files the whole run passed 1 GiB.
package enum FreedMemory {
  /// Free heap a process keeps for its next request or file, a few of the pictures a page
  /// needs (a 1,600-pixel page is 3.8 MB in grey levels, four times that as cairo's colour
  /// surface); more is given back.
  package static let kept = 32 << 20

  /// Gives the freed heap back to the system when it holds more than `kept`: after each
  /// request of a page worker, each file of a batch. Reading the heap's state costs
  /// microseconds; trimming after every small piece of work made the next one fault its pages
  /// in again (a fifth of review's processor time in its workers), so only a heap that grew is
  /// trimmed.
  package static func giveBack() {
    _ = CSystemShims_return_free_memory_above(kept)
  }

  /// Blocks under `kept` come from the heap and stay there for the next piece of work, where
  /// glibc would map each one afresh and fault its pages in again (a page worker's pictures:
  /// on seed 19's 24-page manga 78,000 page faults against 45,000, and 7% of the processor
  /// time, medians of 8 pairs); set first thing by the page workers and by `pdfbind`.
  package static func keepBlocksInHeap() {
    _ = CSystemShims_keep_heap_blocks_under(kept)
  }
}
