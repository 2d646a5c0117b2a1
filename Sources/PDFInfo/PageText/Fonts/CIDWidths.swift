/// The widths of a CIDFont's glyphs (ISO 32000-1 §9.7.4.3): /W ranges over /DW.
struct CIDWidths {
    struct Run {
        var first: UInt32
        var last: UInt32
        /// One width for the whole run (`c_first c_last w`), or one per CID (`c [w …]`).
        var width: Double
        var widths: [Double]?
    }

    /// Runs sorted by `first`.
    var runs: [Run] = []
    /// /DW: the width of CIDs no run covers.
    var defaultWidth: Double = 1000
    /// The vertical advance (/DW2's second number) for vertical writing.
    var verticalAdvance: Double = -1000

    /// The width of `cid` in thousandths of text space.
    func width(of cid: UInt32) -> Double {
        var lower = 0, upper = runs.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if runs[middle].first <= cid { lower = middle + 1 } else { upper = middle }
        }
        guard lower > 0 else { return defaultWidth }
        let run = runs[lower - 1]
        guard cid <= run.last else { return defaultWidth }
        if let widths = run.widths {
            let index = Int(cid - run.first)
            return index < widths.count ? widths[index] : defaultWidth
        }
        return run.width
    }
}
