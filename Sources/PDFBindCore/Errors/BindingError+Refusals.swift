extension BindingError {
  /// A signed, certified or restricted document that is left alone unless told to
  /// (``SaveOptions/force``).
  public enum Protection: Equatable, Sendable, CustomStringConvertible {
    case signed(count: Int)
    case certified(level: Int?)
    case changesNotPermitted

    public var description: String {
      switch self {
      case .signed(let count):
        "digitally signed (\(count) signature\(count == 1 ? "" : "s")): the signed bytes would "
          + "stay intact, but validators such as Acrobat and pyHanko report a catalog change "
          + "after signing as a modification the signer did not allow"
      case .certified(let level):
        "certified (DocMDP\(level.map { " permission level \($0)" } ?? "")): changing the binding "
          + "breaks the certification"
      case .changesNotPermitted:
        "encrypted with permissions that forbid changes, and opened without the owner password"
      }
    }
  }

  /// A change pdfbind cannot make to this file exactly.
  public enum Unsupported: Equatable, Sendable, CustomStringConvertible {
    /// An encryption pdfbind cannot read (`what` names it).
    case encryption(String)
    /// An encrypted file whose update cannot be encrypted exactly.
    case exactEncryption(String)
    /// No exact incremental update can go on this file (`why` says why).
    case exactUpdate(String)
    /// set --repair on a signed or certified file: a rewrite would destroy its signatures.
    case repairOfSigned(certified: Bool)
    /// set --repair --in-place on a file that needs a rewrite.
    case repairInPlace

    public var description: String {
      switch self {
      case .encryption(let what): "encrypted with \(what), which pdfbind does not support"
      case .exactEncryption(let why): "cannot write this encrypted file exactly: \(why)"
      case .exactUpdate(let why): "cannot append an exact update: \(why)"
      case .repairOfSigned(let certified):
        "damaged and \(certified ? "certified" : "digitally signed"): a repair would rewrite it "
          + "whole, which destroys its signatures; left unchanged (pdfbind never rewrites signed "
          + "files)"
      case .repairInPlace:
        "damaged: a repair rewrites it whole, which an update in place cannot do (it only "
          + "appends); left unchanged"
      }
    }
  }

  /// Why `revert` leaves the file's last revision where it is.
  public enum RevertRefusal: Equatable, Sendable, CustomStringConvertible {
    case singleRevision
    case signed(signatures: [String])
    case notBindingOnly(objects: [Int], trailer: Bool)
    /// qpdf cannot read the file before the last revision.
    indirect case previousUnreadable(BindingError)
    /// The last revision's cross-reference stream cannot be decoded.
    case changesUnknown

    public var description: String {
      switch self {
      case .singleRevision:
        "has only one revision (no incremental update to remove); left unchanged"
      case .signed(let names):
        "its last revision is covered by a signature (\(names.joined(separator: ", "))): "
          + "removing it would remove signed bytes; left unchanged"
      case .notBindingOnly(let objects, let trailer):
        "its last revision changed more than the binding and layout ("
          + Self.changeList(objects: objects, trailer: trailer)
          + "); revert removes only a revision that changes nothing else; left unchanged"
      case .previousUnreadable(let error):
        "qpdf cannot read the file before its last revision (\(error)), so what that revision "
          + "changed cannot be told; left unchanged"
      case .changesUnknown:
        "cannot tell what its last revision changed (its cross-reference stream cannot be "
          + "decoded); left unchanged"
      }
    }

    /// "object 5", "objects 1, 3", "objects 1, 3 and the trailer's /Root, /Info or /Encrypt".
    private static func changeList(objects: [Int], trailer: Bool) -> String {
      var parts: [String] = []
      if !objects.isEmpty {
        parts.append(
          (objects.count == 1 ? "object " : "objects ")
            + objects.map(String.init).joined(separator: ", "))
      }
      if trailer { parts.append("the trailer's /Root, /Info or /Encrypt") }
      return parts.joined(separator: " and ")
    }
  }
}
