import PDFBindCore

/// Why `set --auto` leaves a file as it is: its /Direction is already valid, or the evidence
/// does not decide.
struct AutoSkip: Equatable {
  var declared: PageBinding
  var suggestion: String
  var reason: String?

  /// nil when `set --auto` should write the suggestion's decision.
  init?(_ suggestion: Suggestion) {
    if suggestion.declared != .unknown {
      declared = suggestion.declared
      self.suggestion = suggestion.decisionText
      reason = nil
    } else if suggestion.decision == nil {
      declared = .unknown
      self.suggestion = "undecided"
      reason = suggestion.undecidedReason ?? "no evidence"
    } else {
      return nil
    }
  }

  /// `PATH: undecided (REASON)` or `PATH: right-edge (declared, unchanged)`, or its JSON form.
  func line(_ input: Input, json: Bool, quiet: Bool) -> [UInt8]? {
    if json {
      var line = JSONLine()
      line.add("path", .bytes(input.display))
      line.add("binding_before", .string(declared.rawValue))
      line.add("binding", .string(declared.rawValue))
      line.add("changed", .boolean(false))
      line.add("suggested", .string(suggestion))
      if let reason { line.add("reason", .string(reason)) }
      return line.line
    }
    if quiet { return nil }
    if let reason { return input.display + ": undecided (\(reason))" }
    let conflict = suggestion != "undecided" && suggestion != declared.rawValue
    return input.display + ": \(declared.rawValue) (declared, unchanged"
      + (conflict ? "; suggested: \(suggestion))" : ")")
  }
}

extension PDFBindCommand.Check {
  /// `check --auto` for one file: a mismatch when a decided suggestion differs from the
  /// file's binding (declared or missing), listed as `PATH: ACTUAL (suggested: X)`.
  static func checkAuto(_ input: Input, advisor: BindingAdvisor, json: Bool, quiet: Bool)
    -> FileReport
  {
    var file = FileReport()
    do {
      let suggestion = try Spool.reading(input) { path throws(BindingError) in
        try advisor.suggest(path, sidecarDirectory: input.sidecarDirectory)
      }
      if !quiet { suggestion.warnings.forEach { file.warn(input, $0) } }
      let matches = suggestion.decision.map { $0 == suggestion.declared } ?? true
      if !matches { file.status = .mismatch }
      if json {
        var line = JSONLine()
        line.add("path", .bytes(input.display))
        line.add("binding", .string(suggestion.declared.rawValue))
        line.add("suggested", .string(suggestion.decisionText))
        line.add("matches", .boolean(matches))
        file.standardOutput.append(line.line)
      } else if !matches && !quiet {
        file.standardOutput.append(
          input.display
            + ": \(suggestion.declared.rawValue) (suggested: \(suggestion.decisionText))"
        )
      }
    } catch {
      file.fail(input, error)
      if json { file.standardOutput.append(JSONLine.failure(input, error)) }
    }
    return file
  }
}
