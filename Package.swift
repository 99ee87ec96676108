// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "pdfbind",
  products: [
    .executable(name: "pdfbind", targets: ["pdfbind"]),
    .executable(name: "pdfbind-cache", targets: ["pdfbind-cache"]),
    .library(name: "PDFBindCore", targets: ["PDFBindCore"]),
    .library(name: "PDFBindPages", targets: ["PDFBindPages"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // `make docs`: PDFBindCore's and PDFBindPages' DocC documentation (swift package
    // generate-documentation).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // The cache of decisions (PDFBindCache): SQLite through GRDB. Only its keeper links it.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // libqpdf's C API. Only PDFBindCore/QPDF imports it.
    .systemLibrary(
      name: "CQPDF",
      pkgConfig: "libqpdf",
      providers: [.apt(["libqpdf-dev"])]
    ),
    // MD5, SHA-2, AES and RC4 for the standard security handler. Only
    // PDFBindCore/Encryption/Ciphers.swift imports it.
    .systemLibrary(
      name: "CNettle",
      pkgConfig: "nettle",
      providers: [.apt(["nettle-dev"])]
    ),
    // inflate for /FlateDecode cross-reference and object streams. Only
    // PDFBindCore/Syntax/StreamFilters.swift imports it.
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // Syscalls Swift's Glibc module does not export (copy_file_range).
    .target(name: "CSystemShims"),
    // Pixel loops that run faster built for the processor at hand (AVX2 where there is one),
    // which Swift, built for the x86-64 baseline, cannot choose at run time.
    .target(name: "CPixelLoops"),
    .target(
      name: "PDFBindCore",
      dependencies: [
        "CQPDF",
        "CNettle",
        "CSystemShims",
        "CZlib",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    // Looking at pages: drawing them (poppler, cairo), decoding scans (TurboJPEG), reading their
    // script (Tesseract), finding spreads and writing in their pictures, the page workers that
    // do all of that in processes of their own, the preview's canvas, and the evidence suggest
    // decides from. On top of the core, beside it for a program that only reads and sets
    // bindings: `import PDFBindCore` links none of it.
    .target(
      name: "PDFBindPages",
      dependencies: [
        "PDFBindCore",
        "CPixelLoops",
        "CSystemShims",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    // What suggest, set --auto, check --auto and review remember, in SQLite (GRDB). A module of
    // its own so PDFBindCore, a library for other programs, links no SQLite.
    .target(
      name: "PDFBindCache",
      dependencies: [
        "PDFBindCore",
        "PDFBindPages",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // The cache's keeper, a program of its own that pdfbind starts when a run first asks the
    // cache: pdfbind links neither GRDB nor Foundation, so get, set and check start as fast
    // as they did before there was a cache (GRDB's Foundation cost every command 2.7 M
    // instructions at start-up, 24%).
    .executableTarget(
      name: "pdfbind-cache",
      dependencies: ["PDFBindCache"]
    ),
    // review's page: its HTML, CSS and JavaScript, and the shell script it writes. The command
    // line's own, beside the core: a program that reads and sets bindings links none of it.
    .target(
      name: "PDFBindReview",
      dependencies: [
        "PDFBindCore", "PDFBindPages", .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .executableTarget(
      name: "pdfbind",
      dependencies: [
        "PDFBindCore",
        "PDFBindPages",
        "PDFBindReview",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(
      name: "PDFBindTestSupport",
      dependencies: ["PDFBindCore"],
      path: "Tests/PDFBindTestSupport"
    ),
    .testTarget(
      name: "PDFBindCoreTests",
      dependencies: [
        "PDFBindCore", "PDFBindPages", "PDFBindTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    // The command line's own code, in process: CommonForms against ArgumentParser.
    .testTarget(
      name: "PDFBindCommandLineTests",
      dependencies: [
        "pdfbind", "PDFBindTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "PDFBindReviewTests",
      dependencies: ["PDFBindReview", "PDFBindCore", "PDFBindPages", "PDFBindTestSupport"]
    ),
    .testTarget(
      name: "PDFBindEndToEndTests",
      dependencies: ["PDFBindTestSupport"]
    ),
    // The libraries as a client uses them: PDFBindCore's and PDFBindPages' public API only (no
    // @testable), and the
    // examples of the README and the DocC guide (Snippets/) run as written.
    .testTarget(
      name: "PDFBindAPITests",
      dependencies: ["PDFBindCore", "PDFBindPages", "PDFBindTestSupport"]
    ),
    // The review page in headless chromium, driven by browser/review_browser.py (Selenium and
    // Debian's chromium-driver); skipped, with the reason, where those are not installed.
    .testTarget(
      name: "PDFBindBrowserTests",
      dependencies: ["PDFBindTestSupport"],
      exclude: ["browser"]
    ),
  ]
)

// `make fuzz`: the libFuzzer harness, built only with PDFBIND_FUZZ set (and `--sanitize=fuzzer`,
// whose runtime brings the main function). Left out of the ordinary build and tests.
if Context.environment["PDFBIND_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(name: "PDFBindFuzz", dependencies: ["PDFBindCore"]))
}

// bench/measure: pdfbind-measure, the measurements suggest's limits are chosen from (see
// bench/README.md), built only with PDFBIND_BENCH set. It reads PDFBindPages' internals
// (`@testable import`), which a debug build allows.
if Context.environment["PDFBIND_BENCH"] != nil {
  package.targets.append(
    .executableTarget(
      name: "pdfbind-measure",
      dependencies: [
        "PDFBindCore", "PDFBindPages", .product(name: "SystemPackage", package: "swift-system"),
      ],
      path: "bench/measure"))
}
