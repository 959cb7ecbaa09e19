import OrderModel
import TerminalCore

/// How statuses, amounts and times are written everywhere in the console.
extension PaymentStatus {
    /// The word shown beside the glyph; status is never told by colour alone.
    var word: String {
        switch self {
        case .partiallyRefunded: "part-refund"
        default: rawValue
        }
    }

    /// Four letters, for a narrow status column.
    var shortWord: String {
        switch self {
        case .authorized: "auth"
        case .held: "held"
        case .charging: "chrg"
        case .paid: "paid"
        case .failed: "fail"
        case .canceled: "cncl"
        case .reversed: "rvsd"
        case .partiallyRefunded: "part"
        case .refunded: "rfnd"
        }
    }

    var role: Role {
        switch self {
        case .authorized: .statusAuthorized
        case .held: .statusHeld
        case .charging: .statusCharging
        case .paid: .statusPaid
        case .failed: .statusFailed
        case .canceled: .statusCanceled
        case .reversed: .statusReversed
        case .partiallyRefunded, .refunded: .statusRefunded
        }
    }
}

extension Glyphs {
    func label(_ status: PaymentStatus) -> String { "\(glyph(status)) \(status.word)" }

    /// The status in six columns: the glyph and a short word, so that it is still not told by colour alone.
    func shortLabel(_ status: PaymentStatus) -> String { "\(glyph(status)) \(status.shortWord)" }
}

/// "1 order", "3 orders".
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// "12s", "4m", "3h", "2d": how long before `now` `timestamp` was, as briefly as a column allows.
func age(of timestamp: Timestamp, at now: Timestamp) -> String {
    let seconds = max(0, now.milliseconds(since: timestamp) / 1_000)
    switch seconds {
    case ..<60: return "\(seconds)s"
    case ..<3_600: return "\(seconds / 60)m"
    case ..<86_400: return "\(seconds / 3_600)h"
    default: return "\(seconds / 86_400)d"
    }
}

extension ConsoleState {
    func wallClock(_ timestamp: Timestamp) -> WallClock { timestamp.wallClock(utcOffsetSeconds: utcOffset.seconds(at: timestamp)) }
}

extension String {
    /// Right-aligned in `width` columns (cut with an ellipsis if it does not fit, which never happens to
    /// amounts in a column sized for them).
    func rightAligned(_ width: Int) -> String {
        let columns = displayWidth(limit: width)
        if columns >= width { return fitted(to: width) }
        return String(repeating: " ", count: width - columns) + fitted(to: columns)
    }

    /// Broken into lines of at most `width` columns at spaces (a word longer than a line is cut into pieces),
    /// for text that must be read whole on any terminal. One pass over the text: a long word is cut as it is
    /// drawn, cell by cell, its terminal controls already shown as their escapes.
    func wrapped(to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = [], line = "", used = 0
        func breakLine() {
            lines.append(line)
            line = ""
            used = 0
        }
        for word in split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let columns = word.displayWidth(limit: width)
            if columns <= width {
                if used > 0, used + 1 + columns > width { breakLine() }
                line += (used > 0 ? " " : "") + word
                used += (used > 0 ? 1 : 0) + columns
                continue
            }
            if used > 0 { breakLine() }
            for cluster in DisplayClusters(word) {
                // A character wider than any line (CJK on a one-column line) cannot be shown: stop there.
                guard cluster.columns <= width else { return lines + (used > 0 ? [line] : []) }
                if used + cluster.columns > width { breakLine() }
                line += cluster.text
                used += cluster.columns
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

extension TokenVerification.Tone {
    var role: Role {
        switch self {
        case .good: .success
        case .bad: .error
        case .caution: .warning
        case .quiet: .dim
        }
    }
}
