import ArgumentParser
import OrderModel

/// How a list is printed: a table for a person, or a JSON array or CSV for a program, when standard output then
/// holds the data alone and every note goes to standard error.
struct ListFormat: ParsableArguments {
    @Flag(help: "Print a JSON array (docs/json-output.md).")
    var json = false

    @Flag(help: "Print CSV (RFC 4180) with a header row, for a spreadsheet: amounts as decimals beside their currency; a cell a spreadsheet would run as a formula starts with '.")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be combined: choose one") }
    }

    /// Whether standard output holds nothing but the data.
    var isForPrograms: Bool { json || csv }

    func print(table: () -> String, json: () throws -> String, csv: () -> CSVTable) throws {
        if self.json {
            try Output.json(try json())
        } else if self.csv {
            try Output.csv(csv())
        } else {
            try Output.line(table())
        }
    }

    /// A note about the list (cut at its limit, a search bounded): its last line for a person, else on stderr.
    func note(_ text: String) throws {
        if isForPrograms { Output.error("paydesk: \(text)") } else { try Output.line("… \(text)") }
    }
}
