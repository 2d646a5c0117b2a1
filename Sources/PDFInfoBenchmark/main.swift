// Reads the Info dictionary and page count of every PDF under the folders given and prints
// files/s and peak memory: the PDFInfo half of `scripts/bench_read.sh`, which runs exiftool
// and pikepdf on the same files. A benchmark, not a test: `swift run -c release pdfinfo-bench DIR…`.
//
// `--page-text` also reads each file's first-page text (scripts/bench_pagetext.py);
// `--print-text` prints it as tab-separated rows (scripts/pagetext_check.py).
//
// No Foundation: loading it (and ICU) costs more than reading a few hundred small PDFs, and the
// benchmark measures the whole process, as it does for pikepdf.
import MetadataModel
import PDFInfo
import Platform

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else {
    var usage = "usage: pdfinfo-bench DIR|FILE… [--repeat N] [--page-text] [--print-text]\n"
    usage.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(64)
}
var folders: [String] = []
var repeats = 1
var readsPageText = false
var printsPageText = false
var index = 0
while index < arguments.count {
    if arguments[index] == "--repeat", index + 1 < arguments.count, let count = Int(arguments[index + 1]) {
        repeats = max(1, count)
        index += 2
    } else if arguments[index] == "--page-text" || arguments[index] == "--print-text" {
        readsPageText = true
        printsPageText = printsPageText || arguments[index] == "--print-text"
        index += 1
    } else {
        folders.append(arguments[index])
        index += 1
    }
}

/// Whether the file name `name` (its bytes, without the NUL) ends in `.pdf`, in any case.
func hasPDFSuffix(_ name: UnsafeRawBufferPointer) -> Bool {
    guard name.count >= 4 else { return false }
    let tail = name.count - 4
    // `| 0x20` lowercases an ASCII letter; only `P`/`p`, `D`/`d`, `F`/`f` give these bytes.
    return name[tail] == UInt8(ascii: ".") && name[tail + 1] | 0x20 == UInt8(ascii: "p")
        && name[tail + 2] | 0x20 == UInt8(ascii: "d") && name[tail + 3] | 0x20 == UInt8(ascii: "f")
}

/// One file's first-page text as tab-separated rows: `page FILE WIDTH HEIGHT`, then `line
/// SIZE X Y TEXT` for each line and `note TEXT` for each note (a line's text is single-spaced,
/// so it holds no tab or line break).
func rows(file: String, _ text: PageText) -> String {
    var rows = ["page\t\(file)\t\(text.width)\t\(text.height)"]
    rows += text.lines.map { "line\t\($0.size)\t\($0.x)\t\($0.y)\t\($0.text)" }
    rows += text.notes.map { "note\t\($0.description)" }
    return rows.joined(separator: "\n")
}

/// The PDF files under `folder` and its subfolders (not following links to folders), by
/// readdir. A path string is made only for the entries kept (and for entries of unknown type,
/// which `lstat` needs): the name is tested as bytes in the directory entry.
func pdfFiles(under folder: String) -> [String] {
    guard let directory = opendir(folder) else {
        return folder.utf8.withContiguousStorageIfAvailable { hasPDFSuffix(UnsafeRawBufferPointer($0)) } == true ? [folder] : []
    }
    defer { closedir(directory) }
    let prefix = Array((folder + "/").utf8)
    var found: [String] = []
    while let entry = readdir(directory) {
        let type = Int(entry.pointee.d_type)
        let kept: (path: String, isPDF: Bool)? = withUnsafeBytes(of: &entry.pointee.d_name) { (raw: UnsafeRawBufferPointer) -> (path: String, isPDF: Bool)? in
            let name = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
            if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) { return nil }
            let isPDF = hasPDFSuffix(name)
            guard isPDF || type == Int(DT_DIR) || type == Int(DT_UNKNOWN) else { return nil }
            // One string from the bytes: appending the name to a copy of the prefix costs twice as much.
            let path = String(unsafeUninitializedCapacity: prefix.count + name.count) { buffer in
                let afterPrefix = buffer.initialize(fromContentsOf: prefix)
                return UnsafeMutableBufferPointer(rebasing: buffer[afterPrefix...]).initialize(fromContentsOf: name) + afterPrefix
            }
            return (path, isPDF)
        }
        guard let (path, isPDF) = kept else { continue }
        var isFolder = type == Int(DT_DIR)
        if type == Int(DT_UNKNOWN) {
            var info = stat()
            isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }
        if isFolder {
            found += pdfFiles(under: path)
        } else if isPDF {
            found.append(path)
        }
    }
    return found
}

/// The monotonic clock, in nanoseconds.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// `value` with `digits` decimals (rounded half away from zero), as `%.Nf` would print it.
func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    guard digits > 0 else { return String(scaled) }
    let whole = String(scaled / Int(scale))
    let fraction = String(scaled % Int(scale))
    return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

let files = folders.flatMap(pdfFiles(under:))

var read = 0, failed = 0, titles = 0, textLines = 0
let start = now()
for _ in 0..<repeats {
    for file in files {
        do {
            let document = try PDFDocument.open(path: file)
            let info = try document.info()
            _ = try document.pageCount()
            if info["Title"] != nil { titles += 1 }
            if readsPageText {
                let text = try document.pageText()
                textLines += text.lines.count
                if printsPageText { print(rows(file: file, text)) }
            }
            read += 1
        } catch {
            failed += 1
        }
    }
}
let seconds = Double(now() - start) / 1e9
let peakKiB = SystemCalls.peakResidentKiB()
let total = files.count * repeats
let textSummary = readsPageText ? ", \(textLines) first-page text lines" : ""
print("pdfinfo-bench: \(total) files (\(read) read, \(failed) unreadable, \(titles) with a title\(textSummary)) in \(fixed(seconds, digits: 3)) s = \(fixed(Double(total) / max(seconds, 1e-9), digits: 0)) files/s, peak RSS \(peakKiB / 1024) MiB")
