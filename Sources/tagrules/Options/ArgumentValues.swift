import ArgumentParser
import MetadataModel
import TagrulesKit

// The engine's value types that options take, read from the command line by their raw values.

extension DurationKeyword: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension DataFormat: ExpressibleByArgument {}
extension WatchOutput.Format: ExpressibleByArgument {}
extension SetlistOrder: ExpressibleByArgument {}
