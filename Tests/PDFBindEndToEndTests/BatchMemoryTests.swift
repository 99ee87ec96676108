import Foundation
import PDFBindTestSupport
import Testing

/// Issue 41: a batch's peak memory is what its files need at once, not the most any one of them
/// needed. Reading a cross-reference stream of millions of entries takes qpdf a quarter of a
/// gigabyte for a moment (pdf.js's 1.5 MB `bug1978317.pdf`: 330 MB); glibc keeps freed pages,
/// and a batch over pdf.js's test files held that to its end and passed 1 GiB with its page
/// workers. pdfbind gives the freed heap back after each file.
@Suite("memory between the files of a batch")
struct BatchMemoryTests {
  /// A valid one-page PDF whose cross-reference stream lists 3,000,000 objects (30 KB,
  /// compressed): written by Python, read by qpdf below.
  static let manyObjects = """
    import sys, zlib
    parts = [b"%PDF-1.7\\n"]
    offsets = {}
    for number, body in [(1, b"<< /Type /Catalog /Pages 2 0 R >>"),
                         (2, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                         (3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")]:
        offsets[number] = sum(map(len, parts))
        parts.append(b"%d 0 obj\\n%s\\nendobj\\n" % (number, body))
    offsets[4] = sum(map(len, parts))
    count = 3000000
    rows = bytearray(b"\\x00\\x00\\x00\\x00\\x00\\xff\\xff")
    for number in range(1, count):
        rows += b"\\x01" + offsets.get(number, 9).to_bytes(4, "big") + b"\\x00\\x00"
    data = zlib.compress(bytes(rows), 9)
    parts.append(b"4 0 obj\\n<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Filter "
                 b"/FlateDecode /Length %d >>\\nstream\\n" % (count, len(data)) + data
                 + b"\\nendstream\\nendobj\\nstartxref\\n%d\\n%%%%EOF\\n" % offsets[4])
    open(sys.argv[1], "wb").write(b"".join(parts))
    """

  @Test("A file whose reading grew pdfbind's heap gives it back before the next file")
  func heapGivenBackAfterAFile() throws {
    let big = try Fixture.temporaryDirectory().appendingPathComponent("many-objects.pdf").path
    let made = try IndependentReaders.runPython(Self.manyObjects, big)
    try #require(made.status == 0, "\(made.err)")
    #expect(try IndependentReaders.qpdfPageCount(big) == 1)

    // The second input is standard input ("-"), spooled when its turn comes: pdfbind has
    // printed the first file's line, and waits, while its memory is read.
    var status = ""
    let lines = try PDFBindRunner.suggestWhileWaiting(
      on: big, then: try Fixture.bytes("left-edge.pdf")
    ) { pdfbind in
      status = try String(contentsOfFile: "/proc/\(pdfbind)/status", encoding: .utf8)
    }
    #expect(lines.count == 2 && lines[0].hasPrefix(big + ": ") && lines[1].hasPrefix("-: "))
    func kilobytes(_ field: String) -> Int? {
      status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
    // The file did grow the heap (else this test would prove nothing), and it was given back.
    let peak = try #require(kilobytes("VmHWM"))
    let resident = try #require(kilobytes("VmRSS"))
    #expect(peak > 150_000, "peak \(peak) kB")
    #expect(resident < 80_000, "resident \(resident) kB after the first file (peak \(peak) kB)")
  }
}
