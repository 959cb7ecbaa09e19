import Foundation
import TerminalCore
import Testing
@testable import ConsoleUI
@testable import Themes

@Suite struct ThemeTests {
    @Test(arguments: ShippedThemes.names)
    func everyShippedThemeLoadsAndKeepsTheSelectionVisibleWithoutColour(_ name: String) throws {
        let theme = try Theme.load(name, userThemes: "/nonexistent")
        #expect(theme.name == name)
        let selection = theme.style(.selection), text = theme.style(.text)
        #expect(selection != text)
        let plain = theme.reduced(to: .none)
        #expect(plain.style(.selection).reverse)
        #expect(plain.style(.selection).background == .terminalDefault)
    }

    @Test func aThemeOverridesOnlyWhatItNames() throws {
        let file = try write("""
            [roles]
            selection = { fg = "black", bg = "#E69F00", bold = true }
            """)
        let theme = try Theme.load(file, userThemes: "/nonexistent")
        #expect(theme.style(.selection) == Style(foreground: .indexed(0), background: .indexed(178), bold: true))
        #expect(theme.style(.statusFailed) == Theme.standard.style(.statusFailed))
    }

    @Test func aBadThemeNamesTheFileLineAndKeyAndFallsBackToTheDefault() throws {
        let file = try write("""
            description = "mine"

            [roles]
            text = { fg = "default" }
            selection = { fg = "purplish" }
            """)
        #expect(throws: ThemeError(file: file, line: 5, key: "selection",
                                   problem: "fg must be default, a colour name, 0-255 or \"#rrggbb\"")) {
            try Theme.load(file, userThemes: "/nonexistent")
        }
        let (theme, problem) = Theme.chosen(file, environment: [:], userThemes: "/nonexistent")
        #expect(theme.name == "default")
        #expect(problem?.hasPrefix("\(file):5: selection:") == true)
    }

    @Test func unknownRolesTOMLSyntaxAndMissingThemesAreReported() throws {
        let unknownRole = try write("[roles]\nsparkle = { bold = true }\n")
        #expect(throws: ThemeError.self) { try Theme.load(unknownRole, userThemes: "/nonexistent") }
        do { _ = try Theme.load(unknownRole, userThemes: "/nonexistent") } catch {
            #expect(error.line == 2 && error.key == nil && error.problem.hasPrefix("unknown role"))
        }
        let broken = try write("[roles\nselection = 1\n")
        do { _ = try Theme.load(broken, userThemes: "/nonexistent"); Issue.record("broken TOML accepted") } catch {
            #expect(error.line == 1 && error.file == broken)
        }
        #expect(throws: ThemeError.self) { try Theme.load("no-such-theme", userThemes: "/nonexistent") }
    }

    @Test func aHeaderWithoutANameIsAnErrorNotAnAbort() throws {
        // toml++ 3.4.0, inside TOMLKit, stopped the process on this 7-byte file (found by fuzz-theme)
        let file = try write("[# Marx")
        let (theme, problem) = Theme.chosen(file, environment: [:], userThemes: "/nonexistent")
        #expect(theme.name == "default")
        #expect(problem == "\(file):1: a table header must start with a name, as in [roles]; using the default theme")
    }

    @Test(arguments: ShippedThemes.names)
    func everyShippedThemeKeepsAmountsAndErrorsReadable(_ name: String) throws {
        let theme = try Theme.load(name, userThemes: "/nonexistent")
        for role in Theme.guardedRoles {
            #expect((theme.contrast(of: role) ?? .infinity) >= Theme.minimumContrast, "\(name): \(role.rawValue)")
        }
        #expect(theme.keepingDangerVisible(fallback: .shipped(for: theme.background)).replaced.isEmpty)
    }

    @Test func aThemeCannotHideErrorsAmountsOrFailures() throws {
        // Given a theme that draws errors black on the dark terminal, dialogs (where refund amounts are) grey on
        // grey, and failed orders in the background's own colour
        let file = try write("""
            [roles]
            error = { fg = "black" }
            dialog = { fg = 237, bg = 237 }
            status-failed = { fg = "white", bg = "white", reverse = true }
            selection = { fg = "black", bg = "#E69F00", bold = true }
            """)
        // When it is chosen
        let (theme, problem) = Theme.chosen(file, environment: [:], userThemes: "/nonexistent")
        // Then those roles keep the default theme's colours, the others its own, and the status line says which
        #expect(theme.style(.error) == Theme.standard.style(.error))
        #expect(theme.style(.dialog) == Theme.standard.style(.dialog))
        #expect(theme.style(.statusFailed) == Theme.standard.style(.statusFailed))
        #expect(theme.style(.selection) == Style(foreground: .indexed(0), background: .indexed(178), bold: true))
        let name = (file as NSString).lastPathComponent.replacingOccurrences(of: ".toml", with: "")
        #expect(problem == "theme \(name): dialog, error, status-failed below 3:1 contrast; drawn with the shipped colours")
    }

    @Test func onALightBackgroundThePaleColoursAreCaughtAndTheLightThemesTaken() throws {
        let file = try write("""
            background = "light"
            [roles]
            warning = { fg = "bright-yellow", bold = true }
            """)
        let (theme, problem) = Theme.chosen(file, environment: [:], userThemes: "/nonexistent")
        #expect(theme.style(.warning) == Theme.shippedLight.style(.warning))
        // (and so are the default theme's colours it starts from, where they are too pale for a light background)
        #expect(problem?.contains("warning") == true && problem?.hasSuffix("below 3:1 contrast; drawn with the shipped colours") == true)
        // While the same colour on a dark background is fine
        let dark = try write("[roles]\nwarning = { fg = \"bright-yellow\", bold = true }\n")
        #expect(Theme.chosen(dark, environment: [:], userThemes: "/nonexistent").problem == nil)
    }

    @Test(arguments: [
        "password = \"hunter2\"\n\u{1B}]0;pwned\u{7}\n",
        "root:x:0:0:root:/root:/bin/bash\nhunter2:$6$salt$hash:19000:0:99999:7:::\n",
        "aws_secret_access_key = \"hunter2\"\n",
        "[roles]\nhunter2 = { fg = \"red\" }\n",
        "[roles]\nerror = { fg = \"red\", hunter2 = true }\n",
        "[roles]\nerror = { fg = \"hunter2\u{1B}[2J\" }\n",
        // found by fuzz-theme: an escape inside a value TOML cannot parse
        "[roles]\nhunter2 = { fg = 121, bold = t\u{1B}[rue }\n",
    ])
    func aThemeErrorQuotesNothingOfTheFile(_ content: String) throws {
        // Given a file that is no theme: secrets, an escape sequence, /etc/passwd-like lines
        let file = try write(content)
        // When it is chosen, the problem names the file and the line, and no text of the file but our own keys
        let (theme, problem) = Theme.chosen(file, environment: [:], userThemes: "/nonexistent")
        #expect(theme.name == "default")
        let message = try #require(problem)
        #expect(message.hasPrefix("\(file):"))
        let rest = message.dropFirst(file.count)
        #expect(!rest.contains("hunter2") && !rest.contains("password") && !rest.contains("root") && !rest.contains("aws"))
        #expect(!message.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func theEnvironmentChoosesWhenNoFlagDoes() {
        #expect(Theme.chosen(nil, environment: ["PAYDESK_THEME": "light"], userThemes: "/nonexistent").0.name == "light")
        #expect(Theme.chosen("monochrome", environment: ["PAYDESK_THEME": "light"], userThemes: "/nonexistent").0.name == "monochrome")
    }

    @Test func coloursDegradeToWhatTheTerminalHas() {
        // Okabe-Ito orange (230, 159, 0): nearest in the cube is (215, 175, 0), index 178; of the 16, yellow
        let orange = TerminalColor(name: "#E69F00")
        #expect(orange == .indexed(178))
        #expect(orange?.reduced(to: .colors16) == .indexed(3))
        #expect(TerminalColor.indexed(9).reduced(to: .colors8) == .indexed(1))
        #expect(TerminalColor.indexed(9).reduced(to: .none) == .terminalDefault)
        #expect(ColorLevel(colors: 256, environment: ["NO_COLOR": "1"]) == ColorLevel.none)
    }

    @Test func aHexColourIsSixHexDigits() {
        #expect(TerminalColor(name: "#e69f00") == .indexed(178))
        // A sign is not a hex digit, though Swift's integer parsing takes "-fffff" as a number
        for bad in ["#-fffff", "#+e69f0", "#e69f0", "#e69f0g", "# e69f0"] { #expect(TerminalColor(name: bad) == nil, "\(bad)") }
    }

    @Test func themeNamesAreTheShippedOnesThenTheOperatorsOwn() throws {
        // Given an operator's themes folder with two themes, one named like a shipped one, and another file
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in ["shop.toml", "light.toml", "notes.txt", "a-shop.toml"] { try "".write(toFile: "\(folder)/\(file)", atomically: true, encoding: .utf8) }
        // Then the names offered are the shipped ones, then the operator's own, once each
        #expect(Theme.names(userThemes: folder) == ShippedThemes.names + ["a-shop", "shop"])
        #expect(Theme.names(userThemes: "/nonexistent") == ShippedThemes.names)
    }

    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString).toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
