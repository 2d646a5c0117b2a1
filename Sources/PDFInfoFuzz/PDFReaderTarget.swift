import PDFInfo

/// The PDF target: everything tagrules reads from a file (ISO 32000-1 §7.5, §14.3), then an
/// incremental update prepared in memory (§7.5.6) and read back.
///
/// Thrown `PDFError`s are the expected answer to damaged input. Beyond "no trap", one property
/// is checked because a violation would corrupt a user's file: an update prepared for a file
/// that read without repair must itself read without repair, show the values it wrote, and be
/// recognised by `RevisionUndo` as tagrules' own revision.
enum PDFReaderTarget {
    /// What every update asks for: a value set, a keyword list with a special keyword, a removal.
    static let changes: [String: String?] = [
        "Title": "Fuzzed title",
        "Keywords": "rating:3, fuzz",
        "Subject": nil,
    ]
    /// A fixed clock and file identifier, so a crashing input replays exactly.
    static let now = PDFDate(secondsSince1970: 1_700_000_000)
    static let fileID = [UInt8](repeating: 0x5A, count: 16)

    static func run(_ bytes: [UInt8]) {
        guard let document = try? PDFDocument(source: MemoryByteSource(bytes)) else { return }
        read(document)
        // force: repaired, signed and read-only files are written too, to reach more of the writer.
        let prepared = try? IncrementalUpdateWriter.prepare(
            document: document, changes: changes, now: now, newFileID: fileID, options: WriteOptions(force: true))
        guard let update = prepared ?? nil, !document.wasRepaired else { return }
        checkReadBack(original: bytes, update: update)
    }

    /// Every document-level reading the CLI makes, results discarded.
    static func read(_ document: PDFDocument) {
        if let info = try? document.info() {
            _ = info.textValues
            _ = info.date("CreationDate")
            _ = info.date("ModDate")
        }
        _ = try? document.pageCount()
        _ = try? document.outline()
        _ = try? document.encryption()
        _ = try? document.signatureState()
        _ = try? document.checkWritable()
        if let xmp = try? document.metadataStream()?.parsed() {
            XMPTarget.readDates(of: xmp)
        }
        _ = try? RevisionUndo.baseLength(of: document)
    }

    /// The original bytes with `update` appended must read back as written.
    static func checkReadBack(original: [UInt8], update: PreparedUpdate) {
        let updated: PDFDocument
        do {
            updated = try PDFDocument(source: MemoryByteSource(original + update.bytes))
        } catch {
            violated("the updated file does not open: \(error)")
        }
        let info: DocumentInfo
        do {
            info = try updated.info()
        } catch {
            violated("the updated file's Info does not read: \(error)")
        }
        guard !updated.wasRepaired else { violated("the updated file needed repair: \(updated.diagnostics)") }
        guard info["Title"] == "Fuzzed title", info["Keywords"] == "rating:3, fuzz", info["Subject"] == nil else {
            violated("the updated file reads \(info.textValues), not the values written")
        }
        do {
            let base = try RevisionUndo.baseLength(of: updated)
            guard base == original.count else { violated("undo would cut at \(base), not \(original.count)") }
        } catch {
            violated("undo does not recognise the update: \(error)")
        }
    }

    /// Stops the run: libFuzzer records the input as a crash, the message says which property failed.
    static func violated(_ message: String) -> Never {
        fatalError("pdf round trip: \(message)")
    }
}

private extension Array where Element == UInt8 {
    /// How many times `pattern` occurs, overlaps included.
    func count(of pattern: [UInt8]) -> Int {
        guard count >= pattern.count else { return 0 }
        return (0...(count - pattern.count)).filter { self[$0..<($0 + pattern.count)].elementsEqual(pattern) }.count
    }
}
