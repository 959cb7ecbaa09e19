import OrderModel
import TerminalCore

/// Colours as theme files name them.
extension TerminalColor {
    /// The eight ANSI colours by name, in palette order.
    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// "default", an ANSI name ("cyan", "bright-cyan"), a palette index 0–255, or "#rrggbb" (the nearest of
    /// the 256).
    public init?(name: String) {
        let name = name.lowercased()
        if name == "default" { self = .terminalDefault; return }
        if let index = Self.names.firstIndex(of: name) { self = .indexed(UInt8(index)); return }
        if name.hasPrefix("bright-"), let index = Self.names.firstIndex(of: String(name.dropFirst(7))) {
            self = .indexed(UInt8(index + 8)); return
        }
        if name.hasPrefix("#"), let rgb = name.utf8.dropFirst().hexDecoded, rgb.count == 3 {
            self = .indexed(Self.nearest(red: Int(rgb[0]), green: Int(rgb[1]), blue: Int(rgb[2]), among: 16...255))
            return
        }
        return nil
    }
}
