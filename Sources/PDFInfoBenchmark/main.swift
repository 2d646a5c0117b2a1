// Reads the Info dictionary and page count of every PDF under the folders given and prints
// files/s and peak memory: the PDFInfo half of `scripts/bench_read.sh`, which runs exiftool
// and pikepdf on the same files. A benchmark, not a test: `swift run -c release pdfinfo-bench DIR…`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PDFInfo

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: pdfinfo-bench DIR… [--repeat N]\n".utf8))
    exit(64)
}
var folders: [String] = []
var repeats = 1
var index = 0
while index < arguments.count {
    if arguments[index] == "--repeat", index + 1 < arguments.count, let count = Int(arguments[index + 1]) {
        repeats = max(1, count)
        index += 2
    } else {
        folders.append(arguments[index])
        index += 1
    }
}

/// The PDF files under `folder` and its subfolders (not following links to folders), by
/// readdir: FileManager's enumerator spends more per file on path strings than PDFInfo spends
/// reading a small PDF, which would make this benchmark measure Foundation.
func pdfFiles(under folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var found: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name == "." || name == ".." { continue }
        let path = folder + "/" + name
        var isFolder = Int(entry.pointee.d_type) == Int(DT_DIR)
        if Int(entry.pointee.d_type) == Int(DT_UNKNOWN) {
            var info = stat()
            isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }
        if isFolder {
            found += pdfFiles(under: path)
        } else if name.lowercased().hasSuffix(".pdf") {
            found.append(path)
        }
    }
    return found
}

let files = folders.flatMap(pdfFiles(under:))

var read = 0, failed = 0, titles = 0
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<repeats {
    for file in files {
        do {
            let document = try PDFDocument.open(path: file)
            let info = try document.info()
            _ = try document.pageCount()
            if info["Title"] != nil { titles += 1 }
            read += 1
        } catch {
            failed += 1
        }
    }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
var usage = rusage()
#if os(Linux)
getrusage(RUSAGE_SELF.rawValue, &usage)
let peakKiB = usage.ru_maxrss
#else
getrusage(RUSAGE_SELF, &usage)
let peakKiB = usage.ru_maxrss / 1024
#endif
let total = files.count * repeats
print("pdfinfo-bench: \(total) files (\(read) read, \(failed) unreadable, \(titles) with a title) in \(String(format: "%.3f", seconds)) s = \(String(format: "%.0f", Double(total) / max(seconds, 1e-9))) files/s, peak RSS \(peakKiB / 1024) MiB")
