import OrderModel
import TerminalCore

/// What `e` writes: the whole list on screen, not the loaded window.
public enum ExportRequest: Sendable, Equatable {
    /// Every order the query matches, in its order; `limit` and `after` are the runner's to page with.
    case orders(OrderQuery)
    case refunds

    /// The file's name starts with it, and the status line counts it.
    var noun: String {
        switch self {
        case .orders: "orders"
        case .refunds: "refunds"
        }
    }
}

/// What an export did, for the status line.
public enum ExportOutcome: Sendable, Equatable {
    /// `rows` rows written to `path`; `reach` says when a search bounded what the query could find.
    case written(ExportRequest, path: String, rows: Int, reach: SearchReach)
    /// Nothing was left under the final name; `path` is the file or folder it failed on, when it got that far.
    case failed(path: String?, problem: String)
}

extension ConsoleState {
    /// `e`: the list on screen, asked of the runner; the file is written there, never here.
    mutating func export() -> [Effect] {
        switch screen {
        case .orders: return [.export(.orders(orders.query(limit: ExportRequest.pageSize)))]
        case .refunds: return [.export(.refunds)]
        default: return []
        }
    }

    /// The status line says where the file is, the path's end kept visible, or why there is none.
    mutating func report(_ outcome: ExportOutcome) {
        switch outcome {
        case .written(let request, let path, let rows, let reach):
            let what = counted(rows, String(request.noun.dropLast()))
            let text = switch reach {
            case .complete: "wrote \(what) to "
            case .readOrdersOfTheList(let window): "search stopped after reading \(window) orders of the list: wrote \(what) to "
            }
            show(text + path.endVisible(in: size.width - 2 - text.displayWidth), as: reach.isComplete ? .text : .warning, seconds: 15)
        case .failed(let path, let problem):
            let text = "export failed: "
            let reason = ": \(problem)"
            let room = size.width - 2 - text.displayWidth - min(reason.displayWidth, size.width / 2)
            show(text + (path.map { $0.endVisible(in: room) + reason } ?? problem), as: .error, seconds: 15)
        }
    }
}

extension ExportRequest {
    /// Rows read from the store at a time while exporting.
    static let pageSize = 1_000
}

extension String {
    /// The text, or `…` and as much of its end as fits in `width` columns: a file's name matters more than its folder.
    func endVisible(in width: Int) -> String {
        guard displayWidth > width else { return self }
        var kept = ""
        for character in reversed() {
            let next = String(character) + kept
            guard next.displayWidth + 1 <= width else { break }
            kept = next
        }
        return "…" + kept
    }
}
