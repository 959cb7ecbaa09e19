import Foundation

/// A moment in time as milliseconds since 1970-01-01T00:00:00Z. Parsed from and printed as RFC 3339,
/// without Foundation's formatters: ingest parses millions of these and must be exact about what it accepts.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let millisecondsSinceEpoch: Int64

    public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.millisecondsSinceEpoch < b.millisecondsSinceEpoch }

    /// The nearest millisecond to a Foundation date, and back.
    public init(date: Date) { self.init(millisecondsSinceEpoch: Int64((date.timeIntervalSince1970 * 1000).rounded())) }

    public var date: Date { Date(timeIntervalSince1970: TimeInterval(millisecondsSinceEpoch) / 1000) }

    /// The system's clock: the one place PayDesk reads the time of day. Whatever may be tested takes a clock
    /// (`() -> Timestamp`, or a `DriverClock`) with this as its default, and tests pass `VirtualClock`.
    @Sendable public static func now() -> Timestamp { Timestamp(date: Date()) }

    /// Times read from a store can be anything a person wrote there: arithmetic on them stops at the ends of
    /// the range rather than trapping.
    public func adding(milliseconds: Int64) -> Timestamp {
        let (sum, overflow) = millisecondsSinceEpoch.addingReportingOverflow(milliseconds)
        return Timestamp(millisecondsSinceEpoch: overflow ? (milliseconds < 0 ? .min : .max) : sum)
    }

    /// How long after `earlier` this is, in milliseconds (negative when before), stopping at the ends of the range.
    public func milliseconds(since earlier: Timestamp) -> Int64 {
        let (difference, overflow) = millisecondsSinceEpoch.subtractingReportingOverflow(earlier.millisecondsSinceEpoch)
        return overflow ? (earlier.millisecondsSinceEpoch < 0 ? .max : .min) : difference
    }

    public var description: String { rfc3339 }

    /// `2026-11-21T09:30:00Z`, or with milliseconds when there are any: `2026-11-21T09:30:00.250Z`.
    public var rfc3339: String {
        let (seconds, millis) = millisecondsSinceEpoch.floorDividedBy(1000)
        let (days, secondOfDay) = seconds.floorDividedBy(86_400)
        let (year, month, day) = Timestamp.civil(fromDays: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    /// What a wall clock `utcOffsetSeconds` east of Greenwich read at this instant.
    public func wallClock(utcOffsetSeconds: Int) -> WallClock {
        let seconds = millisecondsSinceEpoch.floorDividedBy(1000).quotient + Int64(utcOffsetSeconds)
        let (days, secondOfDay) = seconds.floorDividedBy(86_400)
        let (year, month, day) = Timestamp.civil(fromDays: days)
        return WallClock(year: Int(year), month: Int(month), day: Int(day), hour: Int(secondOfDay / 3600),
                         minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60))
    }

    /// How many seconds east of Greenwich this host's local time (`TZ`, else /etc/localtime) is at this instant,
    /// as the C library says, like `date`: Foundation's `TimeZone.current` starts ICU and loads its time-zone data
    /// for the same number, before the console's first frame, and knows no POSIX `TZ` such as `IST-5:30`.
    /// Daylight saving is that of this instant. The zone is read once a process (`tzset`), so that a screen of
    /// times costs no system call.
    public var localUTCOffsetSeconds: Int {
        _ = Self.localZoneRead
        var seconds = time_t(millisecondsSinceEpoch.floorDividedBy(1000).quotient)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// `localtime_r` need not read `TZ` itself (POSIX); `tzset` each time would look at /etc/localtime again.
    private static let localZoneRead: Void = tzset()

    /// RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`. Fractions beyond milliseconds are
    /// truncated; a leap second (`:60`) is refused rather than guessed at.
    public init?(rfc3339 text: String) {
        guard let milliseconds = text.withUTF8Bytes(Timestamp.milliseconds(rfc3339:)) else { return nil }
        self.init(millisecondsSinceEpoch: milliseconds)
    }

    private static func milliseconds(rfc3339 b: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard b.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for i in range {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                value = value * 10 + Int64(b[i] - 48)
            }
            return value
        }
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), day >= 1, day <= Timestamp.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var i = 19
        var millis: Int64 = 0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                if i - start < 3 { millis = millis * 10 + Int64(b[i] - 48) }
                i += 1
            }
            guard i > start else { return nil }
            for _ in 0..<max(0, 3 - (i - start)) { millis *= 10 }
        }
        guard i < b.count else { return nil }
        var offsetSeconds: Int64 = 0
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            i += 1
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            guard b.count == i + 6, b[i + 3] == UInt8(ascii: ":"),
                  let offsetHours = number(i + 1..<i + 3), let offsetMinutes = number(i + 4..<i + 6),
                  offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (b[i] == UInt8(ascii: "+") ? 1 : -1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let days = Timestamp.days(fromCivilYear: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return seconds * 1000 + millis
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Days since the epoch for a proleptic Gregorian date, and back (Howard Hinnant's civil calendar algorithms).
    static func days(fromCivilYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// Division rounding towards negative infinity, so times before 1970 print correctly.
    func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let q = self / divisor, r = self % divisor
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}

/// A date and time of day as a clock on the wall shows it, for display.
public struct WallClock: Equatable, Sendable {
    public var year, month, day, hour, minute, second: Int

    /// `2026-11-21 14:02:11`
    public var dateTime: String { "\(date) \(time)" }
    /// `2026-11-21`
    public var date: String { "\(year)-\(Self.two(month))-\(Self.two(day))" }
    /// `14:02:11`
    public var time: String { "\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))" }
    /// `11-21 14:02`, for table columns.
    public var short: String { "\(Self.two(month))-\(Self.two(day)) \(Self.two(hour)):\(Self.two(minute))" }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
