import OrderModel

/// The symbols the console draws with: Unicode where the terminal speaks UTF-8, plain ASCII where it does not.
public struct Glyphs: Sendable, Equatable {
    public var selected: String
    public var separator: String
    public var status: [PaymentStatus: String]
    public var frame: Frame
    /// A sparkline's levels, from nothing to full.
    public var spark: [String]

    /// The box around a dialog.
    public struct Frame: Sendable, Equatable {
        public var horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    }

    public static let unicode = Glyphs(
        selected: "▶", separator: "·",
        status: [.authorized: "○", .held: "⚠", .charging: "◐", .paid: "●", .failed: "✗", .canceled: "⊘", .reversed: "↺",
                 .partiallyRefunded: "◑", .refunded: "↩"],
        frame: Frame(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘"),
        spark: [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"])

    public static let ascii = Glyphs(
        selected: ">", separator: "|",
        status: [.authorized: "o", .held: "!", .charging: "~", .paid: "*", .failed: "x", .canceled: "-", .reversed: "<",
                 .partiallyRefunded: "%", .refunded: "r"],
        frame: Frame(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+"),
        spark: [" ", "_", ".", "-", "=", "+", "*", "#", "@"])

    public func glyph(_ status: PaymentStatus) -> String { self.status[status] ?? "?" }
}
