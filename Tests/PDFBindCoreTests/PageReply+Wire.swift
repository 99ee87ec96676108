@testable import PDFBindPages

extension PageReply {
  /// This reply as a page worker sends it, in its answer (`WorkerAnswer`), and read back: what
  /// the suites of the worker wire (refusals, recognised words, facing pages) compare.
  func acrossTheWire() throws(WireReader.Malformed) -> PageReply {
    try WorkerAnswer(decoding: WorkerAnswer(self, drewWithPoppler: false).encoded()).reply
  }
}
