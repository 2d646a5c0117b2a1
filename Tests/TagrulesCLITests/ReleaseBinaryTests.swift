import Foundation
import Testing

/// The binary the end-to-end tests run is the one people run (scripts/test.sh builds it with
/// scripts/build_release.sh and passes it as `TAGRULES_BIN`): position-independent, so that
/// zlib, libcrypto, Lua and the parser of untrusted files load at random addresses.
struct ReleaseBinaryTests {
    #if os(Linux)
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TAGRULES_BIN"] != nil))
    func theTestedBinaryIsPositionIndependent() throws {
        let header = try CLI.execute(URL(fileURLWithPath: "/usr/bin/readelf"), ["-h", CLI.binary.path])
        #expect(header.status == 0, "\(header.stderr)")
        #expect(header.stdout.contains("DYN (Position-Independent Executable file)"), "\(header.stdout)")
    }
    #endif
}
