// The entry point of the libFuzzer build (`scripts/fuzz.sh`, compiled with -DFUZZING and
// sanitizer coverage). SwiftPM links every executable with `main` aliased to the module's own
// entry point, so libFuzzer's `main` cannot be used: this one hands control to libFuzzer's
// documented driver entry instead (llvm.org/docs/LibFuzzer.html, "Using libFuzzer as a library").
#if FUZZING
import Platform

/// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *, size_t))`,
/// from `libclang_rt.fuzzer_no_main`.
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target named by `FUZZ_TARGET`. An environment variable rather than an argument, because
/// libFuzzer re-runs this binary with its own arguments (`-minimize_crash`, `-fork`).
let selectedTarget: FuzzTarget? = getenv("FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) }

@main
enum LibFuzzerMain {
    static func main() {
        guard selectedTarget != nil else {
            let usage = "usage: FUZZ_TARGET=\(FuzzTarget.names) PDFInfoFuzz [libFuzzer options] [corpus…]\n"
            _ = usage.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(64)
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            guard let target = selectedTarget else { return -1 }
            target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        })
    }
}
#endif
