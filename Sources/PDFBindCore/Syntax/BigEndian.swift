/// The low `width` bytes of `value`, most significant first: the fields of a cross-reference
/// stream's rows (its `/W`), a PNG chunk's length and checksum.
package func bigEndianBytes<Value: BinaryInteger>(_ value: Value, width: Int) -> [UInt8] {
  (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}
