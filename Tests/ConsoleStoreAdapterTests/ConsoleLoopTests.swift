import ConsoleStoreAdapter
import Foundation
import TerminalCore
import Testing
import OrderModel
@testable import ConsoleUI
@testable import OrderStore

@Suite struct ConsoleLoopTests {
    @Test func theLoopRunsStoreWorkOffTheUIThreadAndDrawsTheAnswers() throws {
        // Given the console's real loop on a headless terminal
        let fixture = try ConsoleFixture()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24),
                                        script: [.waitFor("EVIL-1"), .key(.enter), .waitFor("Order EVIL-1"),
                                                 .resized(Size(width: 40, height: 12)), .waitFor("Order EVIL-1"),
                                                 .key(.character("q")), .key(.character("q"))])
        let console = Console(store: PayDeskConsoleStore(fixture.store), actor: ConsoleFixture.actor, terminal: terminal,
                              state: fixture.state, exports: fixture.exports, clock: Timestamp.now)
        // When it runs: the list loads, Enter opens the selected order, the terminal shrinks, q goes back, q quits
        console.run()
        // Then the order screen was drawn from the store's answer, redrawn at the new size, and the loop ended on q
        #expect(terminal.unseen.isEmpty)
        let orderFrames = terminal.frames.filter { $0.lines.contains { $0.contains("Order EVIL-1") } }
        #expect(orderFrames.contains { $0.size == Size(width: 80, height: 24) })
        #expect(orderFrames.contains { $0.size == Size(width: 40, height: 12) })
        let quit = console.state.quitting, screen = console.state.screen
        #expect(quit && screen == .orders)
    }

    @Test func aConfirmationDropsTheKeysTypedBeforeItWasDrawnAndCtrlZSuspends() throws {
        // Given the console's loop, where c opens the cancel dialog of the selected order once the store answers
        let fixture = try ConsoleFixture()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24),
                                        script: [.waitFor("EVIL-1"), .key(.character("c")), .waitFor("Cancel order"),
                                                 .key(.control("z")), .key(.escape), .key(.character("q"))])
        let console = Console(store: PayDeskConsoleStore(fixture.store), actor: ConsoleFixture.actor, terminal: terminal,
                              state: fixture.state, exports: fixture.exports, clock: Timestamp.now)
        console.run()
        #expect(terminal.unseen.isEmpty)
        // Then type-ahead was discarded right after the first frame that showed the dialog, and again after the
        // frame drawn on coming back from Ctrl-Z
        let dialog = try #require(terminal.frames.firstIndex { $0.lines.contains { $0.contains("Cancel order") } })
        #expect(terminal.discards.first == dialog + 1)
        #expect(terminal.suspensions == 1)
        #expect(terminal.discards.count == 2)
    }
}
