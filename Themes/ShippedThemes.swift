/// The themes in this folder, compiled in: a PayDesk binary copied to a server still has all of them.
public enum ShippedThemes {
    public static let names = ["default", "light", "high-contrast", "colour-blind", "monochrome"]

    public static func text(of name: String) -> String? {
        let bytes: [UInt8]? = switch name {
        case "default": PackageResources.default_toml
        case "light": PackageResources.light_toml
        case "high-contrast": PackageResources.high_contrast_toml
        case "colour-blind": PackageResources.colour_blind_toml
        case "monochrome": PackageResources.monochrome_toml
        default: nil
        }
        return bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}
