/// A page worker's answer as it crosses the socket: its reply, and whether the worker has
/// drawn a page with poppler (and cairo) since it started. poppler's fonts and cairo's outlive
/// a document in the process, so such a worker draws no other book's pages
/// (`WorkerProcess.drewPagesOf`); one that only opened files, read text or decoded scans
/// (`ScanDecoder`) may serve any book.
struct WorkerAnswer {
  var reply: PageReply
  var drewWithPoppler: Bool

  func encoded() -> [UInt8] {
    var out = WireWriter()
    out.bool(drewWithPoppler)
    reply.encode(into: &out)
    return out.bytes
  }

  init(_ reply: PageReply, drewWithPoppler: Bool) {
    (self.reply, self.drewWithPoppler) = (reply, drewWithPoppler)
  }

  init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
    var input = WireReader(bytes)
    drewWithPoppler = try input.bool()
    reply = try PageReply(decoding: &input)
  }
}
