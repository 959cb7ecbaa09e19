import Foundation
import TerminalCore
import Testing
import OrderModel
@testable import ConsoleUI
@testable import OrderStore

/// Each screen drawn at four sizes, the smallest the console draws among them, and compared line by line with the reviewed rendering in `Rendered/`.
/// After a deliberate change to a screen, `PAYDESK_RECORD=1 swift test --filter RenderedScreenTests` rewrites
/// the files; review them in the diff before committing.
@Suite struct RenderedScreenTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 132, height: 40), Size(width: 40, height: 12), Size(width: 32, height: 8)]
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Rendered")

    enum Screen: String, CaseIterable {
        case orders, order, refunds, audit, help, refundForm = "refund-form", tooSmall = "too-small", readOnly = "read-only"
        case cancelConfirmation = "cancel-confirmation", refundConfirmation = "refund-confirmation"
        case refundItems = "refund-items"
    }

    static func render(_ screen: Screen, at size: Size) throws -> [String] {
        var console = try ConsoleFixture(size: screen == .tooSmall ? Size(width: 20, height: 5) : size,
                                         readOnly: screen == .readOnly)
        console.send(.storeChecked(token: try console.store.changeToken(), at: ConsoleFixture.now))
        switch screen {
        case .orders, .tooSmall, .readOnly: break
        case .order: console.press(.enter)
        case .refunds: console.press(.tab)
        case .audit: console.press(.tab, .tab)
        case .help: console.press(.character("?"))
        case .refundForm:
            console.press(.character(":"))
            console.type("status paid")
            console.press(.enter, .character("r"), .control("u"))
            console.type("1.234")
        case .refundItems:
            // The last two items above the total picked, the cursor on the second of them
            console.press(.character(":"))
            console.type("status paid")
            console.press(.enter, .character("r"), .up, .character(" "), .up, .character(" "))
        case .cancelConfirmation:
            console.press(.character(":"))
            console.type("status paid")
            console.press(.enter, .character("c"))
            console.type("00")
        case .refundConfirmation:
            console.press(.character(":"))
            console.type("status paid")
            console.press(.enter, .character("r"), .control("u"))
            console.type("1.50")
            console.press(.tab, .character("2"), .enter)
            console.type("12")
            console.press(.enter)
        }
        return console.screen
    }

    @Test(arguments: Screen.allCases)
    func screenMatchesItsReviewedRendering(_ screen: Screen) throws {
        for size in screen == .tooSmall ? [Size(width: 20, height: 5)] : Self.sizes {
            let lines = try Self.render(screen, at: size)
            let file = Self.folder.appendingPathComponent("\(screen.rawValue)-\(size.width)x\(size.height).txt")
            if ProcessInfo.processInfo.environment["PAYDESK_RECORD"] == "1" {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == expected.count, "\(file.lastPathComponent): \(lines.count) rows, expected \(expected.count)")
            for (number, (line, want)) in zip(lines, expected).enumerated() where line != want {
                Issue.record("\(file.lastPathComponent) line \(number + 1):\n  got  \(line)\n  want \(want)")
                break
            }
        }
    }

    @Test func everyRowFillsTheWidthExactlyWithCJKAndHostileNames() throws {
        for size in Self.sizes {
            var console = try ConsoleFixture(size: size)
            for screen in [Key.enter, .escape, .tab, .tab] {
                let buffer = console.state.view()
                for y in 0..<size.height {
                    let columns = (0..<size.width).reduce(0) { sum, x in
                        let cell = buffer[x: x, y: y]
                        return sum + (cell.isContinuation ? 0 : cell.text.unicodeScalars.reduce(0) { $0 + $1.columns })
                    }
                    #expect(columns == size.width, "row \(y) at \(size.width)x\(size.height) takes \(columns) columns")
                }
                console.press(screen)
            }
        }
    }

    @Test func customerTextNeverReachesTheScreenRaw() throws {
        // Given the hostile customer's order, in the list and opened
        var console = try ConsoleFixture(size: Size(width: 132, height: 40))
        let list = console.state.view()
        console.press(.enter)
        let detail = console.state.view()
        for buffer in [list, detail] {
            // Then no cell holds a control, escape, bidi or zero-width character
            let hazards = buffer.cells.flatMap { $0.text.unicodeScalars }.filter(\.isTerminalHazard)
            #expect(hazards.isEmpty)
        }
        // And the operator sees that something was there
        #expect(detail.lines.joined().contains("Eve\\u{202E}gnp.exe\\u{1B}]0;pwned\\u{7}"))
    }
}
