import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// What Tesseract's recognisers found on a page, and its balloons, are counted in the page
/// worker and weighed in pdfbind: every count must cross the wire as it was, asked or not.
@Suite("Recognised counts and balloons on the worker wire")
struct RecognisedWireTests {
  typealias Recognised = PageScriptEvidence.Recognised

  @Test("Every count the recognisers keep is on the wire, once")
  func everyCount() {
    let stored = Mirror(reflecting: Recognised()).children.filter { $0.value is Int? }.count
    #expect(Recognised.onTheWire.count == stored)
    #expect(Set(Recognised.onTheWire).count == stored)
  }

  @Test("Each count crosses as it was: asked or not, zero or many")
  func roundTrip() throws {
    let counts = Recognised.onTheWire
    let reading = ScriptReading(script: "Arabic", confidence: 4.5, orientation: 180)
    // Every combination of counts asked and not, each asked count a value of its own, on a
    // small scan and not.
    for asked in 0..<(1 << (counts.count + 1)) {
      var sent = Recognised(onSmallScan: asked & (1 << counts.count) != 0)
      for (index, count) in counts.enumerated() where asked & (1 << index) != 0 {
        sent[keyPath: count] = index == 0 ? 0 : 100 * index + asked
      }
      let reply = PageReply.drawnReading(
        reading, closeSetRows: nil, blockLines: nil, recognised: sent, balloons: nil)
      let back = try reply.acrossTheWire()
      guard case .drawnReading(let backReading, nil, nil, let received, nil) = back else {
        Issue.record("\(back)")
        continue
      }
      #expect(backReading == reading)
      #expect(received == sent)
    }
  }

  @Test(
    "A page's balloons cross as they were counted, or as not counted",
    arguments: [nil, SpeechBalloons(), SpeechBalloons(tall: 7, wide: 2)])
  func balloons(_ sent: SpeechBalloons?) throws {
    let reply = PageReply.drawnReading(
      nil, closeSetRows: nil, blockLines: nil, recognised: .init(), balloons: sent)
    let back = try reply.acrossTheWire()
    // Any other reply fails the test.
    if case .drawnReading(_, _, _, _, let received) = back {
      #expect(received == sent)
    } else {
      Issue.record("the reply came back as another kind: \(back)")
    }
  }
}
