import PDFBindCore
import PDFBindPages

PageWorker.runIfAsked()  // suggest's page workers are this program, started again

// A book whose text says how it is bound, though its catalog does not.
let book = try PDFBindingDocument(path: "arabic.pdf")
let suggestion = try book.suggest()
print(suggestion.decision?.rawValue ?? "undecided")  // right-edge
if let binding = suggestion.bindingToSet {  // nil when undecided or already declared
  book.pageBinding = binding
  try book.save(to: .inPlace)  // appended to the file itself: no copy, same inode
}
// And back: exactly the bytes from before, since the update changed only the binding.
let reverted = try book.revert()
print(reverted.after.binding)  // unknown
