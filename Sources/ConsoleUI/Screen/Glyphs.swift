import OrderModel

/// The symbols the console draws with: Unicode where the terminal speaks UTF-8, plain ASCII where it does not.
public struct Glyphs: Sendable, Equatable {
    public var selected: String
    public var rule: String
    public var separator: String
    public var ellipsis: String
    public var status: [PaymentStatus: String]

    public static let unicode = Glyphs(
        selected: "▶", rule: "─", separator: "·", ellipsis: "…",
        status: [.authorized: "○", .charging: "◐", .paid: "●", .failed: "✗", .canceled: "⊘", .reversed: "↺",
                 .partiallyRefunded: "◑", .refunded: "↩"])

    public static let ascii = Glyphs(
        selected: ">", rule: "-", separator: "|", ellipsis: "~",
        status: [.authorized: "o", .charging: "~", .paid: "*", .failed: "x", .canceled: "-", .reversed: "<",
                 .partiallyRefunded: "%", .refunded: "r"])

    public func glyph(_ status: PaymentStatus) -> String { self.status[status] ?? "?" }
}
