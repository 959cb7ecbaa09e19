import Foundation

/// SIGTERM, SIGINT or SIGHUP ask the driver to stop between passes; every write it made is already complete.
/// The handler only records the first signal, and is installed in one step, so that no signal is lost between
/// ignoring it and watching for it (as CursesTerminal's StopSignals does for the console).
enum StopRequest {
    nonisolated(unsafe) private static var first: sig_atomic_t = 0

    static let names: [Int32: String] = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"]

    static func install() {
        for number in names.keys {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in if StopRequest.first == 0 { StopRequest.first = number } }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    /// The first signal received, by name; nil while none was.
    static var received: String? { first == 0 ? nil : names[first] ?? "signal \(first)" }
}
