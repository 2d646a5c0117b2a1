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

/// Whether the file name `name` ends in `.pdf`, in any case.
func hasPDFSuffix(_ name: some StringProtocol) -> Bool {
    name.utf8.count >= 4 && name.suffix(4).lowercased() == ".pdf"
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
/// readdir. Listing is not timed.
func pdfFiles(under folder: String) -> [String] {
    guard let directory = opendir(folder) else { return hasPDFSuffix(folder) ? [folder] : [] }
    defer { closedir(directory) }
    var found: [String] = []
    while let entry = readdir(directory) {
        let type = Int(entry.pointee.d_type)
        let name = withUnsafeBytes(of: &entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name == "." || name == ".." { continue }
        let path = folder + "/" + name
        var isFolder = type == Int(DT_DIR)
        if type == Int(DT_UNKNOWN) {
            var info = stat()
            isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }
        if isFolder {
            found += pdfFiles(under: path)
        } else if hasPDFSuffix(name) {
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
