import Foundation

/// Every signal handler PayDesk installs, for the console and for `paydesk process`. A handler only records
/// what arrived (nothing else is safe inside one), and each is installed in one step, with `sigaction`, so
/// that no signal is lost between ignoring it and watching for it. No SA_RESTART: a signal interrupts the wait
/// for a key, so the console's loop hears of it at once.
enum Signals {
    static func handle(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }
}

/// SIGTERM, SIGHUP and SIGINT ask to stop: the console lets a write to the store in progress finish and
/// restores the terminal (a frame the terminal takes no more of is cut short); `paydesk process` stops between
/// passes, every write it made already complete.
public enum StopSignals {
    nonisolated(unsafe) private static var first: sig_atomic_t = 0

    static let names: [Int32: String] = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"]

    public static func install() {
        for number in names.keys {
            Signals.handle(number) { number in if StopSignals.first == 0 { StopSignals.first = number } }
        }
    }

    public static var requested: Bool { first != 0 }

    /// The first stop signal received, by name; nil while none was.
    public static var received: String? { first == 0 ? nil : names[first] ?? "signal \(first)" }
}

/// Stopping and continuing, as a shell's job control does it: SIGTSTP sent from outside asks the loop to
/// suspend as Ctrl-Z does, leaving the screen first; SIGCONT says the process ran on after a stop, after which
/// the screen mode has to be entered again, because the shell has had the terminal meanwhile.
enum JobControl {
    nonisolated(unsafe) private static var suspendFlag: sig_atomic_t = 0
    nonisolated(unsafe) private static var continuedFlag: sig_atomic_t = 0

    static func install() {
        Signals.handle(SIGTSTP) { _ in JobControl.suspendFlag = 1 }
        Signals.handle(SIGCONT) { _ in JobControl.continuedFlag = 1 }
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
        Signals.handle(SIGTSTP) { _ in JobControl.suspendFlag = 1 }
        return takeContinued()
    }

    private static func take(_ flag: inout sig_atomic_t) -> Bool {
        defer { flag = 0 }
        return flag != 0
    }
}
