import Foundation

/// Paths into the read-only shared material beside the package (`../shared`), found from this
/// file's location so tests run the same in any checkout or worktree under /work and in CI.
enum SharedFiles {
    /// The package root: three levels above `Tests/MetadataModelTests/Support/`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` next to the package root.
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// `shared/spec/forscore/<name>`.
    static func forScoreSpec(_ name: String) -> URL {
        shared.appendingPathComponent("spec/forscore").appendingPathComponent(name)
    }

    /// `shared/samples/library`.
    static let sampleLibrary = shared.appendingPathComponent("samples/library")
}
