#if canImport(Glibc)
import Glibc
#endif

/// Lets glibc's allocator take memory from the system in large steps instead of page by page.
///
/// Every thread that allocates gets an arena of its own; glibc makes an arena's heap usable
/// (`mprotect`) only as far as it has grown, a page or a few at a time, and the main arena moves
/// the program break (`brk`) 128 KiB at a time. A 2,000-file `plan` made about 470 `mprotect`
/// calls, each one flushing the TLBs of the other threads, and 40 `brk` calls. With a top pad
/// of 4 MiB a new arena's heap starts usable over 4 MiB and the break moves by 4 MiB: a dozen
/// calls in all. Nothing is touched before it is used, so the resident memory stays the same.
///
/// Setting the pad also stops glibc from raising its `mmap` threshold as it goes (from 128 KiB
/// up to 32 MiB, to the size of each large block freed), after which large blocks came from
/// the heap and reused its pages: the threshold is set to that ceiling, so that they still do
/// instead of each one being mapped, faulted in page by page and unmapped.
///
/// `mallopt` is looked up at run time: Swift's Glibc module does not import `<malloc.h>`.
/// Elsewhere (Darwin, musl) there is nothing to do.
enum HeapPadding {
    /// `M_TOP_PAD`: more than a worker's arena grows to while reading and running the rules.
    static let topPad: Int32 = 4 << 20
    /// `M_MMAP_THRESHOLD`: glibc's ceiling for its own moving threshold on 64-bit systems.
    static let mmapThreshold: Int32 = 32 << 20

    /// Sets both (`mallopt`); call before the first thread starts.
    static func apply() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        // `RTLD_DEFAULT` is the null handle. The parameters' numbers are <malloc.h>'s.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let (mTopPad, mMmapThreshold): (Int32, Int32) = (-2, -3)
        _ = mallopt(mTopPad, topPad)
        _ = mallopt(mMmapThreshold, mmapThreshold)
        #endif
    }
}
