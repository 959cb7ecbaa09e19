import TerminalCore
import Testing
@testable import ConsoleUI

/// The footer and the status line say what the keys do now: what Esc does in a prompt, what p will do.
@Suite struct FooterTests {
    static func console() -> ConsoleState {
        LayoutTests.console(120, 24, rows: [LayoutTests.row("TEA-000001")])
    }

    @Test func pSaysResumeWhileTheScreenIsPausedAndPauseOtherwise() {
        // Given a live console
        var state = Self.console()
        #expect(state.footerItems.contains { $0 == ("p", "pause") })
        // When p pauses it, Then the title says so and the footer offers to resume; p again, to pause
        _ = state.update(.key(.character("p")))
        #expect(state.view().lines.first?.contains("PAUSED") == true)
        #expect(state.footerItems.contains { $0 == ("p", "resume") } && !state.footerItems.contains { $0 == ("p", "pause") })
        _ = state.update(.key(.character("p")))
        #expect(state.footerItems.contains { $0 == ("p", "pause") })
    }

    @Test func escInASearchClearsItAndTheFooterSaysSo() {
        // Given a search applied, then the search line opened again
        var state = Self.console()
        for key in [Key.character("/"), .character("T"), .enter, .character("/")] { _ = state.update(.key(key)) }
        // Then the footer and the status line agree on what Esc does
        #expect(state.footerItems.map(\.1) == ["apply", "clear"])
        #expect(state.view().lines.contains { $0.contains("Enter apply · Esc clear") })
        // And Esc does it: the search is gone
        _ = state.update(.key(.escape))
        #expect(state.orders.search == nil)
    }

    @Test func escOnTheCommandLineCancelsAndTheFooterSaysSo() {
        var state = Self.console()
        _ = state.update(.key(.character(":")))
        #expect(state.footerItems.map(\.1) == ["run", "cancel"])
        #expect(state.view().lines.contains { $0.contains("Enter run · Esc cancel") })
    }

    @Test func helpNamesTheRateTheHeaderShows() {
        // Given 12 orders in the last hour, which the header shows as 12/h
        #expect(GlanceTests.console().view().lines[3].contains("12/h"))
        // Then the help for `a` points at the header's figure by the same unit
        let help = KeyMap.bindings.first { $0.action == .recentOrders }?.help ?? ""
        #expect(help.contains("orders per hour"))
    }
}
