import ConsoleUI
import TerminalCore
@testable import Themes

/// A theme file, as `--theme PATH` reads one: UTF-8 text parsed over the default theme, then reduced to every
/// colour level a terminal may have. A theme that cannot be used must say so in one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: count), as: UTF8.self) else { return 0 }
    do {
        let theme = try Theme.parse(text, file: "fuzz.toml", name: "fuzz", base: .standard)
        for level in ColorLevel.allCases {
            let reduced = theme.reduced(to: level)
            for role in Role.allCases { _ = reduced.style(role) }
        }
    } catch {
        precondition(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a theme error that is not one plain line")
    }
    return 0
}
