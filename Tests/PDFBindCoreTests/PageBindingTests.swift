import PDFBindCore
import Testing

/// SPEC's mapping table, row by row.
@Suite("Page binding")
struct PageBindingTests {
  @Test(
    "/Direction maps to a binding",
    arguments: [
      (DirectionEntry.name("L2R"), PageBinding.leftEdge),
      (.name("R2L"), .rightEdge),
      (.absent, .unknown),
      (.name("r2l"), .unknown),
      (.other("(R2L)"), .unknown),
      (.other("1"), .unknown),
    ])
  func mapping(entry: DirectionEntry, binding: PageBinding) {
    #expect(entry.binding == binding)
  }

  @Test("Only values other than /L2R, /R2L and absent earn a warning")
  func unexpectedValues() {
    #expect(!DirectionEntry.absent.isUnexpected)
    #expect(!DirectionEntry.name("L2R").isUnexpected)
    #expect(!DirectionEntry.name("R2L").isUnexpected)
    #expect(DirectionEntry.name("r2l").isUnexpected)
    #expect(DirectionEntry.other("(R2L)").isUnexpected)
  }

  @Test("Command-line spellings and the names set writes")
  func spellings() {
    #expect(PageBinding.allCases.map(\.rawValue) == ["left-edge", "right-edge", "unknown"])
    #expect(PageBinding.allCases.map(\.directionName) == ["L2R", "R2L", nil])
    #expect(DirectionEntry.name("R2L").rawValue == "R2L")
    #expect(DirectionEntry.other("(R2L)").rawValue == "(R2L)")
    #expect(DirectionEntry.absent.rawValue == nil)
  }
}
