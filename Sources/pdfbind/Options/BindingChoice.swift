import ArgumentParser
import PDFBindCore

/// What `set` and `check` are told to write or expect: a binding, `--auto` (the binding
/// `suggest` decides), a layout, or a layout with either.
enum BindingChoice {
  /// Refuses a command line that gives none of them, or a binding with `--auto`.
  static func validate(binding: PageBinding?, auto: Bool, arrangement: PageArrangement?) throws {
    if binding == nil && !auto && arrangement == nil {
      throw ValidationError(
        "Missing one of: '--left-edge', '--right-edge', '--unknown', '--auto', '--cover', "
          + "'--no-cover', '--single'")
    }
    if binding != nil && auto {
      throw ValidationError(
        "--auto cannot be combined with --left-edge, --right-edge or --unknown.")
    }
  }
}
