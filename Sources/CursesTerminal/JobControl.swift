import Foundation

/// Stopping and continuing, as a shell's job control does it. The handlers only raise flags (nothing else is
/// safe in a signal handler): SIGTSTP sent from outside asks the loop to suspend as Ctrl-Z does, leaving the
/// screen first; SIGCONT says the process ran on after a stop, after which the screen mode has to be entered
/// again, because the shell has had the terminal meanwhile.
enum JobControl {
    nonisolated(unsafe) private static var suspendFlag: sig_atomic_t = 0
    nonisolated(unsafe) private static var continuedFlag: sig_atomic_t = 0

    static func install() {
        handle(SIGTSTP) { _ in JobControl.suspendFlag = 1 }
        handle(SIGCONT) { _ in JobControl.continuedFlag = 1 }
    }

    /// SIGTSTP arrived since the last call.
    static func takeSuspendRequest() -> Bool { take(&suspendFlag) }

    /// SIGCONT arrived since the last call.
    static func takeContinued() -> Bool { take(&continuedFlag) }

    /// Stops the process as the shell expects, with SIGTSTP's default action, and returns once it is continued:
    /// true if it did stop. A process whose group has no shell to return to (an orphaned group) is not stopped.
    static func stopForTheShell() -> Bool {
        _ = takeContinued()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        handle(SIGTSTP) { _ in JobControl.suspendFlag = 1 }
        return takeContinued()
    }

    private static func take(_ flag: inout sig_atomic_t) -> Bool {
        defer { flag = 0 }
        return flag != 0
    }

    private static func handle(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: the signal interrupts the wait for a key, so the loop hears of it at once.
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }
}
