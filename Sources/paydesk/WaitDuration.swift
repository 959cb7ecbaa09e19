import ArgumentParser

/// A duration on the command line: `30s`, `5m`, `1h`, or plain seconds (`90`).
struct WaitDuration: ExpressibleByArgument, Equatable, Sendable, CustomStringConvertible {
    let milliseconds: Int64
    /// As the user wrote it, for messages.
    let description: String

    init?(argument: String) {
        let units: [Character: Int64] = ["s": 1_000, "m": 60_000, "h": 3_600_000]
        let unit = argument.last.flatMap { units[$0] }
        let digits = unit == nil ? Substring(argument) : argument.dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let count = Int64(digits), count > 0 else { return nil }
        let (total, overflow) = count.multipliedReportingOverflow(by: unit ?? 1_000)
        // A week at most: beyond that, a deadline is a typo.
        guard !overflow, total <= 7 * 86_400_000 else { return nil }
        milliseconds = total
        description = argument
    }
}
