// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tagrules",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "tagrules", targets: ["tagrules"]),
        .executable(name: "pdfinfo-bench", targets: ["PDFInfoBenchmark"]),
        .executable(name: "rulehost-bench", targets: ["RuleHostBenchmark"]),
        .library(name: "MetadataModel", targets: ["MetadataModel"]),
        .library(name: "PDFInfo", targets: ["PDFInfo"]),
        .library(name: "RuleHost", targets: ["RuleHost"]),
        .library(name: "Notation", targets: ["Notation"]),
        .library(name: "TagrulesKit", targets: ["TagrulesKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries. Their module maps and C shims are the only C in the package.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        // Hashes and AES-CBC for encrypted PDFs (issue 8): OpenSSL 3's libcrypto on Linux,
        // CommonCrypto on Apple platforms (in the SDK, so nothing to install there).
        // Imported only under Sources/PDFInfo/Crypto/.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // zlib's inflate, for PDF streams and ZIP entries: the only zlib code but PDFInfo's
        // IncrementalInflater.
        .target(name: "Inflate", dependencies: ["CZlib"]),
        // The platform's C library in one import, and the system calls that differ between
        // Linux and Darwin (SystemCalls+Linux.swift, SystemCalls+Darwin.swift).
        .target(name: "Platform"),
        // Pure value types: forScore's view of a score. Standard library only.
        .target(name: "MetadataModel"),
        // PDF reading and incremental writing. Knows nothing of forScore; reads XMP with
        // MetadataModel's XML reader.
        .target(
            name: "PDFInfo",
            dependencies: ["MetadataModel", "Platform", "Inflate", "CZlib", "CCrypto"],
            // CCrypto's module map cannot link conditionally; Apple platforms need no library.
            linkerSettings: [.linkedLibrary("crypto", .when(platforms: [.linux]))]
        ),
        // The notation file beside a PDF (MusicXML, MuseScore, LilyPond), read into
        // MetadataModel's NotationSource; ZIP archives over Inflate; folders listed through Platform.
        .target(name: "Notation", dependencies: ["MetadataModel", "Inflate", "Platform"]),
        // Sandboxed Lua rules against ScoreMetadata. Knows nothing of PDF bytes.
        .target(name: "RuleHost", dependencies: ["MetadataModel", "Platform", "CLua"]),
        // The engine of the command-line tool: the read → rules → diff → write pipeline, watch,
        // reports and the exchange files. Wires the four libraries together; no argument parsing.
        .target(name: "TagrulesKit", dependencies: ["MetadataModel", "PDFInfo", "RuleHost", "Notation", "Platform"]),
        // The command-line tool: commands, options and exit codes only.
        .executableTarget(
            name: "tagrules",
            dependencies: [
                "TagrulesKit", "MetadataModel", "PDFInfo", "RuleHost", "Notation", "Platform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Prints what Notation reads from files, as JSON lines, for the oracle scripts; not a test.
        .executableTarget(name: "NotationDump", dependencies: ["Notation", "MetadataModel"]),
        // Benchmark of PDFInfo's reading speed (scripts/bench_read.py); not a test.
        .executableTarget(name: "PDFInfoBenchmark", dependencies: ["PDFInfo", "MetadataModel", "Platform"]),
        // Benchmark of the rules' cost per score on one Lua state; not a test.
        .executableTarget(name: "RuleHostBenchmark", dependencies: ["RuleHost", "MetadataModel"]),
        // Fuzz targets for the PDF, XMP, CSV, 4SS, keyword, ZIP, MusicXML/MuseScore and LilyPond
        // readers (scripts/fuzz.sh builds it with libFuzzer); an ordinary build replays inputs.
        // Not a product.
        .executableTarget(
            name: "PDFInfoFuzz", dependencies: ["PDFInfo", "MetadataModel", "Notation", "Platform"], exclude: ["Dictionaries"]),

        // Code the test targets share (a seeded random generator). Not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Test fixtures (golden files, XMP packets, key tables) are read via #filePath.
        .testTarget(name: "MetadataModelTests", dependencies: ["MetadataModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "PDFInfoTests", dependencies: ["PDFInfo", "MetadataModel", "Inflate", "PDFInfoFuzz", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "NotationTests", dependencies: ["Notation", "MetadataModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "RuleHostTests", dependencies: ["RuleHost", "MetadataModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TagrulesCLITests",
            dependencies: ["TagrulesKit", "tagrules", "MetadataModel", "PDFInfo", "RuleHost", "TestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
