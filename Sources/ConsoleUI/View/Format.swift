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

extension ConsoleState {
    func label(_ status: PaymentStatus) -> String { "\(glyphs.glyph(status)) \(status.word)" }

    func wallClock(_ timestamp: Timestamp) -> WallClock { timestamp.wallClock(utcOffsetSeconds: utcOffsetSeconds) }

    /// "12s", "4m", "3h", "2d": how long ago, as briefly as a column allows.
    func age(since timestamp: Timestamp) -> String {
        let seconds = max(0, (now.millisecondsSinceEpoch - timestamp.millisecondsSinceEpoch) / 1_000)
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        default: return "\(seconds / 86_400)d"
        }
    }
}

extension String {
    /// Right-aligned in `width` columns (cut on the left if it does not fit, which never happens to amounts
    /// in a column sized for them).
    func rightAligned(_ width: Int) -> String {
        let columns = displayWidth(limit: width)
        if columns >= width { return fitted(to: width) }
        return String(repeating: " ", count: width - columns) + fitted(to: columns)
    }

    /// Cut from the front when too long, so that what matters at the end stays: "…nPay 7512". Reads only the
    /// end of the text, as much as `width` columns can show.
    func fittedKeepingEnd(to width: Int) -> String {
        guard width > 1 else { return fitted(to: width) }
        let scalars = unicodeScalars
        var start = scalars.endIndex
        for _ in 0..<(width + 1) * DisplayClusters.maximumScalars where start > scalars.startIndex {
            scalars.formIndex(before: &start)
        }
        let tail = Array(DisplayClusters(String(scalars[start...])))
        if start == scalars.startIndex, tail.reduce(0, { $0 + $1.columns }) <= width { return fitted(to: width) }
        var kept: [Substring] = []
        var used = 1
        for cluster in tail.reversed() {
            if used + cluster.columns > width { break }
            kept.append(Substring(cluster.text))
            used += cluster.columns
        }
        return "…" + kept.reversed().joined()
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
