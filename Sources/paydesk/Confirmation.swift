import Foundation
import OrderModel

/// Asks a person to confirm an action that moves money. Without a terminal there is nobody to ask, so the
/// action is refused rather than guessed at.
enum Confirmation {
    static func require(_ consequence: String, action: String, assumeYes: Bool) throws {
        if assumeYes { return }
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else {
            throw CommandFailure("\(action) needs confirmation: pass --yes (standard input is not a terminal); nothing was changed")
        }
        // Keys typed before the question was asked (a pasted block, a command typed ahead) do not answer it.
        tcflush(STDIN_FILENO, TCIFLUSH)
        Output.errorAsIs(Output.safe("\(consequence)\nType yes to \(action): "))
        guard let answer = readLine(strippingNewline: true), answer.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
            throw CommandFailure("\(action) not confirmed; nothing was changed")
        }
    }
}
