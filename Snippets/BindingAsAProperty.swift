import PDFBindCore

let book = try PDFBindingDocument(path: "book.pdf", password: nil)
print(book.pageBinding)  // unknown
book.pageBinding = .rightEdge
book.pageArrangement = .cover
try book.save()  // exact incremental update, verified, atomic
try book.save(to: "copy.pdf")  // or elsewhere
let history = try book.history()
print(history.revisions.count)  // 2: the original and the update
