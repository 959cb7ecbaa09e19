import Foundation
import OrderModel
import TerminalCore

/// A command of the `:` line, described once for help and for the parser.
public struct ConsoleCommand: Sendable {
    public var name: String
    public var argument: String?
    public var help: String
    public var mutates = false
}

public enum ConsoleCommands {
    public static let all: [ConsoleCommand] = [
        ConsoleCommand(name: "orders", help: "the orders list"),
        ConsoleCommand(name: "refunds", help: "refunds, pending first"),
        ConsoleCommand(name: "audit", help: "the audit log, newest first"),
        ConsoleCommand(name: "open", argument: "ORDER-ID", help: "open one order"),
        ConsoleCommand(name: "filter", argument: "TEXT", help: "filter the list (no text: clear)"),
        ConsoleCommand(name: "status", argument: "STATUS|all", help: "show only one status"),
        ConsoleCommand(name: "since", argument: "DATE|TIME", help: "orders from then on: a day in local time, as the list shows times (2026-11-01), or an RFC 3339 time (none: clear)"),
        ConsoleCommand(name: "until", argument: "DATE|TIME", help: "orders before then; a date includes its day (none: clear)"),
        ConsoleCommand(name: "currency", argument: "CODE|all", help: "orders in one currency, such as EUR"),
        ConsoleCommand(name: "min", argument: "AMOUNT", help: "totals of at least this, in :currency's units (none: clear)"),
        ConsoleCommand(name: "max", argument: "AMOUNT", help: "totals of at most this, in :currency's units (none: clear)"),
        ConsoleCommand(name: "sort", argument: "ORDER", help: "newest, oldest, largest or smallest first"),
        ConsoleCommand(name: "pause", help: "pause live updates"),
        ConsoleCommand(name: "resume", help: "resume live updates"),
        ConsoleCommand(name: "cancel", argument: "[ORDER-ID]", help: "cancel an order", mutates: true),
        ConsoleCommand(name: "refund", argument: "[ORDER-ID]", help: "refund an order", mutates: true),
        ConsoleCommand(name: "help", help: "keys and commands"),
        ConsoleCommand(name: "quit", help: "leave PayDesk (also :q)"),
    ]
}

extension ConsoleState {
    /// The commands that exist in this session: in read-only mode the ones that change anything do not.
    public var availableCommands: [ConsoleCommand] { ConsoleCommands.all.filter { !($0.mutates && isReadOnly) } }

    mutating func run(command line: String) -> [Effect] {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let name = words.first?.lowercased() else { return [] }
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        let canonical = name == "q" ? "quit" : name
        guard let command = ConsoleCommands.all.first(where: { $0.name == canonical }) else {
            show("unknown command :\(name.neutralized); :help lists them", as: .warning)
            return []
        }
        if command.mutates && isReadOnly { return refuseReadOnly() }
        let rows = layout.listRows
        switch command.name {
        case "orders": history = []; return enter(.orders)
        case "refunds": history = []; return enter(.refunds)
        case "audit": history = []; return enter(.audit)
        case "help": return perform(.help)
        case "quit": return perform(.quit)
        case "pause": if !paused { return perform(.pause) }; return []
        case "resume": if paused { return perform(.pause) }; return []
        case "open":
            guard !argument.isEmpty else { show(":open needs an order id", as: .warning); return [] }
            return open(argument)
        case "filter":
            orders.search = argument.isEmpty ? nil : argument
            screen = .orders
            return [orders.restart(visibleRows: rows)]
        case "status":
            if argument == "all" || argument.isEmpty {
                orders.status = nil
            } else if let status = PaymentStatus(rawValue: argument.lowercased().replacingOccurrences(of: "-", with: "_")) {
                orders.status = status
            } else {
                show("unknown status \(argument.neutralized); one of all, \(PaymentStatus.allCases.map(\.rawValue).joined(separator: ", "))",
                     as: .warning, seconds: 6)
                return []
            }
            screen = .orders
            return [orders.restart(visibleRows: rows)]
        case "sort":
            guard let order = OrderQuery.ListOrder(rawValue: argument.lowercased()) else {
                show(":sort \(OrderQuery.ListOrder.allCases.map(\.rawValue).joined(separator: "|"))", as: .warning)
                return []
            }
            orders.order = order
            return [orders.restart(visibleRows: rows)]
        case let name where ListFilterSettings.commandNames.contains(name):
            return setListFilter(name, to: argument)
        case "cancel", "refund":
            guard let orderId = argument.isEmpty ? targetOrderId : argument else {
                show(":\(command.name) needs an order id here", as: .warning)
                return []
            }
            return begin(command.name == "cancel" ? .cancel(orderId) : .refund(orderId))
        default:
            return []
        }
    }
}
