// The platform's C library, re-exported, so that a file that makes system calls imports one
// module (`import Platform`) on every platform, as SwiftPM's TSCLibc does. What differs between
// the platforms beyond the import is in `SystemCalls+Linux.swift` and `SystemCalls+Darwin.swift`.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// The system calls whose form or availability differs between Linux and Darwin, behind one
/// interface; each platform's half is in a file named for it.
public enum SystemCalls {}
