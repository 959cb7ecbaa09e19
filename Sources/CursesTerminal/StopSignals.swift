import Foundation

/// SIGTERM, SIGHUP and SIGINT only raise a flag: the console loop sees it within its next wait, lets a write
/// in progress finish, and restores the terminal. Nothing else is safe inside a signal handler.
enum StopSignals {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    static var requested: Bool { flag != 0 }

    static func install() {
        for number in [SIGTERM, SIGHUP, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in StopSignals.flag = 1 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }
}
