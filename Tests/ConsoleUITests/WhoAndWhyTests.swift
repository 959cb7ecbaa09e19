import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// What the lists say when they are empty, and who did what on the audit screen.
@Suite struct WhoAndWhyTests {
    @Test(arguments: [":currency GBP", ":since 2026-11-01", ":min 10"])
    func anEmptyListNarrowedByAnyFilterSaysSoNotThatTheStoreIsEmpty(command: String) throws {
        // Given a list narrowed by a date, currency or amount filter (the amount after a currency)
        var state = LayoutTests.console(80, 24, rows: [])
        for line in command == ":min 10" ? [":currency EUR", command] : [command] {
            for character in line { _ = state.update(.key(.character(character))) }
            _ = state.update(.key(.enter))
        }
        _ = state.update(.ordersLoaded(try #require(state.orders.loading), []))
        // When nothing matches, then the screen says the filters found nothing and how to clear them
        let screen = state.view().lines.joined(separator: "\n")
        #expect(screen.contains("no orders match; Esc clears the filters"), "\(screen)")
        #expect(!screen.contains("paydesk ingest adds them"))
    }

    @Test func theAuditScreenShowsWhoDidItWholeWhenThereIsRoom() {
        // Given an audit entry by an operator of a team sharing one login, from a client the session reported
        let actor = Actor(login: "shop", operatorLabel: "Ana Lima", sshClient: "203.0.113.7 52144")
        let entry = AuditEntry(at: LayoutTests.now, actor: actor, action: "refund", orderId: "TEA-000027", amount: 100,
                               currencyCode: "CNY", outcome: "requested re_89ad27c6cf0aa35b")
        var state = LayoutTests.console(200, 50, rows: [])
        _ = state.update(.key(.tab))
        _ = state.update(.key(.tab))
        _ = state.update(.auditLoaded([entry]))
        // When it is drawn at 200 columns, then the actor is whole
        #expect(state.screen == .audit)
        #expect(state.view().lines.contains { $0.contains("shop as Ana Lima via 203.0.113.7 52144 (client-reported)") })
    }

    @Test(arguments: ["", " none", " NONE"])
    func aDateFilterIsClearedAsHelpSays(argument: String) {
        // Given a list from a date on
        var state = LayoutTests.console(80, 24, rows: [])
        for line in [":since 2026-11-01", ":since" + argument] {
            for character in line { _ = state.update(.key(.character(character))) }
            _ = state.update(.key(.enter))
        }
        // When the date is given as nothing or "none", then the filter is gone
        #expect(state.orders.filters.isEmpty)
    }

    @Test func aStatusMessageTooLongForTheLineEndsInAnEllipsis() {
        // Given a console 40 columns wide
        var state = LayoutTests.console(40, 12, rows: [])
        // When a command fails with a message longer than the line
        for character in ":since yesterday" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        // Then the status line shows its start and says it goes on
        let line = state.view().lines[Layout(state.size).statusRow]
        #expect(line.hasPrefix(" :since") && line.hasSuffix("…"), "\(line)")
    }
}
