import MetadataModel

/// The change report's JSON (README "JSON output") written straight from the values with a
/// ``JSONStream``: the same bytes as the `JSONValue` trees of ReportJSON.swift, which `watch`
/// still builds to add its members.
extension ChangeReport {
    /// Files rendered together, on one thread: few enough pieces for every thread to stay busy,
    /// enough files per piece to make each piece's buffer worth its allocation.
    private static let filesPerPiece = 64

    /// `json` serialized, as chunks to write one after another: the opening, the `files` items
    /// in pieces rendered on `jobs` threads, and the rest. No chunk is copied into another.
    package func jsonChunks(jobs: Int) -> [ByteChunk] {
        let chunks = ChunkList()
        writeJSON(jobs: jobs) { chunks.append($0) }
        return chunks.taken
    }

    /// `json` serialized and handed to `deliver` chunk by chunk, in order, each as soon as it
    /// and those before it are rendered: the opening, the `files` items in pieces rendered on
    /// `jobs` threads, and the rest. Standard output gets each piece as it comes and frees it
    /// once written, so the next piece reuses its memory: a 2,000-file plan's 1.9 MB of JSON
    /// touched fresh pages throughout when every piece was kept until the last was done.
    ///
    /// - Parameter deliver: Called once per chunk, one call at a time (``WorkerPool/forEachPieceInOrder(of:perPiece:jobs:_:deliver:)``).
    package func writeJSON(jobs: Int, to deliver: @escaping @Sendable (ByteChunk) -> Void) {
        let files = self.files
        var stream = JSONStream(capacity: 64)
        stream.openObject()
        stream.key("files")
        stream.openArray()
        deliver(stream.takeChunk(reserving: 512))
        WorkerPool.forEachPieceInOrder(of: files.count, perPiece: Self.filesPerPiece, jobs: jobs) { range in
            var run = JSONStream(depth: 2, afterItems: range.lowerBound > 0, capacity: 1024 * range.count)
            Self.write(files, range, to: &run)
            return run.takeChunk(reserving: 0)
        } deliver: { deliver($0) }
        if !files.isEmpty { stream.noteItemsWrittenApart() }
        stream.closeArray()
        let summary = self.summary
        stream.key("summary")
        stream.openObject()
        let counts: [(name: StaticString, count: Int)] = [
            ("files", summary.files), ("changed", summary.changed), ("unchanged", summary.unchanged),
            ("errors", summary.errors), ("written", summary.written), ("skipped", summary.skipped),
            ("undone", summary.undone),
        ]
        for (name, count) in counts {
            stream.key(name)
            stream.int(count)
        }
        stream.closeObject()
        stream.closeObject()
        deliver(stream.finish())
    }

    /// The items of the `files` array at `range`, each borrowed in place: a loop over the files,
    /// or the array's subscript, copies each one (retaining its strings and arrays).
    private static func write(_ files: [FileChange], _ range: Range<Int>, to stream: inout JSONStream) {
        files.withUnsafeBufferPointer { files in
            for index in range {
                stream.element()
                files[index].write(to: &stream)
            }
        }
    }
}

extension FileChange {
    /// `{"path", "status", "error", "before", "after", "changes", "diagnostics"}`, as `json`.
    /// Inlined into its one caller, the loop over the files (0.2 k instructions fewer per file).
    @inline(__always)
    func write(to stream: inout JSONStream) {
        stream.openObject()
        stream.key("path")
        stream.string(path)
        stream.key("status")
        stream.string(status.rawValue)
        stream.key("error")
        stream.string(error)
        stream.key("before")
        Self.write(before, to: &stream)
        stream.key("after")
        Self.write(after, to: &stream)
        stream.key("changes")
        stream.openArray()
        for item in changes {
            stream.element()
            stream.openObject()
            stream.key("field")
            stream.string(item.change.field.rawValue)
            stream.key("before")
            item.change.before.write(to: &stream)
            stream.key("after")
            item.change.after.write(to: &stream)
            stream.key("rules")
            stream.strings(item.rules)
            stream.closeObject()
        }
        stream.closeArray()
        stream.key("diagnostics")
        stream.openArray()
        for diagnostic in diagnostics {
            stream.element()
            stream.openObject()
            stream.key("severity")
            stream.string(diagnostic.severity.rawValue)
            stream.key("code")
            stream.string(diagnostic.code)
            stream.key("message")
            stream.string(diagnostic.message)
            stream.closeObject()
        }
        stream.closeArray()
        stream.closeObject()
    }

    private static func write(_ metadata: ScoreMetadata?, to stream: inout JSONStream) {
        guard let metadata else { return stream.null() }
        metadata.write(to: &stream)
    }
}

extension ScoreMetadata {
    /// Every field in `MetadataField` order, as `json` (spelled out: no `FieldValue` per field).
    func write(to stream: inout JSONStream) {
        stream.openObject()
        stream.key("title")
        stream.string(title)
        stream.key("composers")
        stream.strings(composers)
        stream.key("genres")
        stream.strings(genres)
        stream.key("tags")
        stream.strings(tags)
        stream.key("labels")
        stream.strings(labels)
        stream.key("rating")
        stream.int(rating)
        stream.key("difficulty")
        stream.int(difficulty)
        stream.key("duration")
        stream.int(duration)
        stream.key("keysf")
        stream.int(keysf)
        stream.key("keymi")
        stream.int(keymi)
        stream.closeObject()
    }
}

extension FieldValue {
    /// A string or null, an array of strings, a number or null, as `json`.
    func write(to stream: inout JSONStream) {
        switch self {
        case .text(let text): stream.string(text)
        case .list(let list): stream.strings(list)
        case .number(let number): stream.int(number)
        }
    }
}
