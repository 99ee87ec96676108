import PDFBindCore
import PDFBindPages
import PDFBindReview
import SystemPackage

/// One file's part of `review`: the suggestion, the pictures written beside the page, and the
/// row the page shows; a file that cannot be read is a `pdfbind: PATH: REASON` line and a row
/// that says why.
struct ReviewJob: Sendable {
  var advisor: BindingAdvisor
  /// The cache of what files showed and of their pictures (nil: none); never used for
  /// standard input.
  var memory: CacheClient?
  var files: ReviewFiles
  var quiet: Bool

  func review(_ input: Input, number: Int) -> (ReviewBook, FileReport) {
    var file = FileReport()
    do {
      let reviewed = try StandardInputSpool.reading(input) { path throws(BindingError) in
        try review(input, path, number: number, &file)
      }
      return (
        ReviewBook(
          name: input.display, isStandardInput: input.isStandardInput,
          outcome: .reviewed(reviewed)), file
      )
    } catch {
      file.fail(input, error)
      return (ReviewBook(name: input.display, outcome: .failed(commandLineMessage(error))), file)
    }
  }

  private func review(_ input: Input, _ path: FilePath, number: Int, _ file: inout FileReport)
    throws(BindingError) -> ReviewBook.Reviewed
  {
    var advisor = advisor
    let memory = input.isStandardInput ? nil : memory
    advisor.memory = memory
    let suggestion = try advisor.suggest(path, sidecarDirectory: input.sidecarDirectory)
    if !quiet { suggestion.warnings.forEach { file.warn(input, $0) } }
    guard let pageCount = suggestion.report.pageCount else {
      return .init(suggestion: suggestion, noPictures: "the page count is unreadable")
    }
    guard let views = suggestion.reviewViews(pageCount: pageCount) else {
      return .init(suggestion: suggestion)
    }
    // A picture that cannot be drawn costs the row its pictures, not the book its place.
    do {
      let draw = { () throws(BindingError) in
        try Thumbnails.render(path, password: advisor.password, pages: views.pages)
      }
      let (thumbnails, warnings) =
        try memory?.thumbnails(path, pages: views.pages, draw: draw) ?? draw()
      if !quiet { warnings.forEach { file.warn(input, $0) } }
      var pictures: [PagePicture] = []
      for thumbnail in thumbnails {
        let name = ReviewFiles.pictureName(number: number, page: thumbnail.page)
        try files.writePicture(thumbnail.png, named: name)
        pictures.append(
          PagePicture(
            page: thumbnail.page, file: name, width: thumbnail.width, height: thumbnail.height))
      }
      return .init(suggestion: suggestion, views: views, pictures: pictures)
    } catch {
      if !quiet {
        file.standardError.append(
          Array("pdfbind: ".utf8) + input.line("warning: no pictures: \(commandLineMessage(error))")
        )
      }
      return .init(suggestion: suggestion, noPictures: commandLineMessage(error))
    }
  }
}

/// `review`'s one line on standard output: where the page is and what it holds.
struct ReviewSummary {
  var books: [ReviewBook]
  var files: ReviewFiles

  var line: [UInt8] {
    let count = "\(books.count) book\(books.count == 1 ? "" : "s")"
    return files.page.bytes + Array(": \(count) (\(ReviewCounts(books).summary))".utf8)
  }
}

extension FilePath {
  /// The path's exact bytes, for messages.
  var bytes: [UInt8] {
    withPlatformString { pointer in
      var bytes: [UInt8] = []
      var index = 0
      while pointer[index] != 0 {
        bytes.append(UInt8(bitPattern: pointer[index]))
        index += 1
      }
      return bytes
    }
  }
}
