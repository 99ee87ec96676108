import CNettle

/// The primitives of the standard security handler, over Nettle. The only file that imports
/// CNettle; everything above it works on byte arrays.
package enum Ciphers {
  package enum Hash {
    case md5, sha256, sha384, sha512
  }

  package static func digest(_ hash: Hash, _ parts: [UInt8]...) -> [UInt8] {
    switch hash {
    case .md5:
      var context = md5_ctx()
      nettle_md5_init(&context)
      for part in parts { nettle_md5_update(&context, part.count, part) }
      return finish(Int(MD5_DIGEST_SIZE)) { nettle_md5_digest(&context, $0, $1) }
    case .sha256:
      var context = sha256_ctx()
      nettle_sha256_init(&context)
      for part in parts { nettle_sha256_update(&context, part.count, part) }
      return finish(Int(SHA256_DIGEST_SIZE)) { nettle_sha256_digest(&context, $0, $1) }
    case .sha384:
      // SHA-384 is SHA-512 with other initial values; Nettle shares the context and update.
      var context = sha512_ctx()
      nettle_sha384_init(&context)
      for part in parts { nettle_sha512_update(&context, part.count, part) }
      return finish(Int(SHA384_DIGEST_SIZE)) { nettle_sha384_digest(&context, $0, $1) }
    case .sha512:
      var context = sha512_ctx()
      nettle_sha512_init(&context)
      for part in parts { nettle_sha512_update(&context, part.count, part) }
      return finish(Int(SHA512_DIGEST_SIZE)) { nettle_sha512_digest(&context, $0, $1) }
    }
  }

  private static func finish(
    _ size: Int, _ body: (Int, UnsafeMutablePointer<UInt8>) -> Void
  ) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      body(size, buffer.baseAddress!)
      count = size
    }
  }

  /// RC4 (Nettle's ARCFOUR) with a key of 1 to 256 bytes; the same call decrypts.
  static func rc4(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
    precondition((1...256).contains(key.count))
    var context = arcfour_ctx()
    nettle_arcfour_set_key(&context, key.count, key)
    return [UInt8](unsafeUninitializedCapacity: data.count) { buffer, count in
      if !data.isEmpty { nettle_arcfour_crypt(&context, data.count, buffer.baseAddress!, data) }
      count = data.count
    }
  }

  static let aesBlockSize = Int(AES_BLOCK_SIZE)

  /// AES-CBC over whole blocks (a multiple of 16 bytes); the caller pads. The key is 16 or
  /// 32 bytes (AES-128 or AES-256).
  static func aesCBC(encrypt: Bool, key: [UInt8], iv: [UInt8], _ data: [UInt8]) -> [UInt8] {
    precondition(iv.count == aesBlockSize && data.count % aesBlockSize == 0)
    // Each case: the key schedule, and the block function as a C closure that restores the
    // context's type (Nettle's CBC mode takes every cipher through one function type).
    switch (key.count, encrypt) {
    case (16, true):
      return cbc(
        aes128_ctx(), nettle_aes128_set_encrypt_key, key, iv, data, encrypt: true,
        { nettle_aes128_encrypt($0?.assumingMemoryBound(to: aes128_ctx.self), $1, $2, $3) })
    case (16, false):
      return cbc(
        aes128_ctx(), nettle_aes128_set_decrypt_key, key, iv, data, encrypt: false,
        { nettle_aes128_decrypt($0?.assumingMemoryBound(to: aes128_ctx.self), $1, $2, $3) })
    case (32, true):
      return cbc(
        aes256_ctx(), nettle_aes256_set_encrypt_key, key, iv, data, encrypt: true,
        { nettle_aes256_encrypt($0?.assumingMemoryBound(to: aes256_ctx.self), $1, $2, $3) })
    case (32, false):
      return cbc(
        aes256_ctx(), nettle_aes256_set_decrypt_key, key, iv, data, encrypt: false,
        { nettle_aes256_decrypt($0?.assumingMemoryBound(to: aes256_ctx.self), $1, $2, $3) })
    default:
      preconditionFailure("AES key of \(key.count) bytes")
    }
  }

  private typealias BlockCipher =
    @convention(c) (
      UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>?
    ) -> Void

  private static func cbc<Context>(
    _ context: Context, _ setKey: (UnsafeMutablePointer<Context>?, UnsafePointer<UInt8>?) -> Void,
    _ key: [UInt8], _ iv: [UInt8], _ data: [UInt8], encrypt: Bool, _ block: BlockCipher
  ) -> [UInt8] {
    var context = context
    setKey(&context, key)
    var chain = iv
    return withUnsafeMutablePointer(to: &context) { context in
      [UInt8](unsafeUninitializedCapacity: data.count) { buffer, count in
        if encrypt {
          nettle_cbc_encrypt(
            context, block, aesBlockSize, &chain, data.count, buffer.baseAddress, data)
        } else {
          nettle_cbc_decrypt(
            context, block, aesBlockSize, &chain, data.count, buffer.baseAddress, data)
        }
        count = data.count
      }
    }
  }

  /// Bytes from the kernel's random source, for AES initialization vectors.
  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
  }
}
