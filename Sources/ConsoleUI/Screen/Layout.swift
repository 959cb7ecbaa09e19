import TerminalCore
/// Where the parts of a screen go at a given size. Everything below `minimum` gets the "too small" screen.
public struct Layout: Sendable, Equatable {
    public static let minimum = Size(width: 32, height: 8)

    public let size: Size
    /// The title and the shop at a glance always; the counts per state from 12 rows, the money from 20.
    public var headerRows: Int { size.height >= 20 ? 4 : size.height >= 12 ? 3 : 2 }
    public var bodyTop: Int { headerRows }
    public var bodyRows: Int { max(0, size.height - headerRows - 2) }
    /// The orders list has a column header on the body's first row.
    public var listRows: Int { max(0, bodyRows - 1) }
    public var statusRow: Int { size.height - 2 }
    public var footerRow: Int { size.height - 1 }
    public var isTooSmall: Bool { size.width < Self.minimum.width || size.height < Self.minimum.height }

    public init(_ size: Size) { self.size = size }
}
