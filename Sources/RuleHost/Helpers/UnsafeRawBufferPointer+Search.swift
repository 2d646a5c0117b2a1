import Foundation

extension UnsafeRawBufferPointer {
    /// Whether `needle`'s bytes occur anywhere in these bytes (an empty needle always does):
    /// `memchr` to each place its first byte stands, then `memcmp` for the rest.
    func contains(bytes needle: UnsafeRawBufferPointer) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= count, let base = baseAddress else { return false }
        var from = 0
        while from + needle.count <= count,
            let found = memchr(base + from, Int32(first), count - from - needle.count + 1)
        {
            if memcmp(found, needle.baseAddress!, needle.count) == 0 { return true }
            from = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        return false
    }
}
