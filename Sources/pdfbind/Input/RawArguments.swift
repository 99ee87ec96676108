import Glibc

/// ArgumentParser decodes arguments as UTF-8, replacing bytes that are not; a path must keep
/// its exact bytes, so each parsed path is matched back to the raw argv entry it came from.
enum RawArguments {
  /// Options whose value is the next argument (or follows `=`, for a long name). Their values
  /// are never FILEs, so two names that decode alike cannot be mistaken for each other.
  static let valueOptions: Swift.Set<String> = [
    "-o", "--files-from", "--password", "-j", "--jobs", "--as", "--spreads", "--height",
  ]

  /// The command line after the program name, byte for byte.
  static let argv: [[UInt8]] = (1..<Int(CommandLine.argc)).compactMap { index in
    guard let pointer = CommandLine.unsafeArgv[index] else { return nil }
    return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
      UInt8(bitPattern: $0)
    }
  }

  /// The bytes of each FILE argument, in order.
  static func recover(_ parsed: [String]) -> [[UInt8]] {
    var candidates: [[UInt8]] = []
    var index = 0
    var afterTerminator = false
    while index < argv.count {
      let argument = argv[index]
      index += 1
      if afterTerminator || argument == [UInt8(ascii: "-")] || argument.first != UInt8(ascii: "-") {
        candidates.append(argument)
      } else if argument == Array("--".utf8) {
        afterTerminator = true
      } else if valueOptions.contains(decoded(argument)) {
        index += 1
      }
    }
    var searchFrom = 0
    return parsed.map { argument in
      for index in searchFrom..<candidates.count where decoded(candidates[index]) == argument {
        searchFrom = index + 1
        return candidates[index]
      }
      return Array(argument.utf8)
    }
  }

  /// The bytes of an option's value (`-o OUT`, `--files-from LIST`, `--files-from=LIST`); the
  /// last occurrence wins, as it does for ArgumentParser.
  static func value(of names: [String], parsed: String) -> [UInt8] {
    var found = Array(parsed.utf8)
    var index = 0
    while index < argv.count, argv[index] != Array("--".utf8) {
      let argument = argv[index]
      if names.contains(decoded(argument)), index + 1 < argv.count,
        decoded(argv[index + 1]) == parsed
      {
        found = argv[index + 1]
        index += 1
      } else {
        for name in names where name.hasPrefix("--") {
          let prefix = Array((name + "=").utf8)
          let rest = Array(argument.dropFirst(prefix.count))
          if argument.starts(with: prefix), decoded(rest) == parsed { found = rest }
        }
      }
      index += 1
    }
    return found
  }

  private static func decoded(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
