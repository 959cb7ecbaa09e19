import OrderModel

/// Runs effects against the console's store and answers each with a message. Runs on the console's worker thread.
public struct StoreEffects: Sendable {
    let store: any ConsoleStore
    let actor: Actor
    let clock: @Sendable () -> Timestamp
    let exports: ExportFolder

    public init(store: any ConsoleStore, actor: Actor, exports: ExportFolder, clock: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.actor = actor
        self.exports = exports
        self.clock = clock
    }

    public func perform(_ effect: Effect) -> Message? {
        do {
            switch effect {
            case .checkStore:
                return .storeChecked(token: try store.changeToken(), at: clock())
            case .loadOrders(let request):
                return .ordersLoaded(request, try store.orders(request.query))
            case .loadSearchReach(let query, let generation):
                return .searchReachLoaded(try store.searchReach(query), generation: generation)
            case .loadTotals:
                return .totalsLoaded(try store.statusTotals())
            case .loadActivity:
                return .activityLoaded(try store.shopActivity(asOf: clock()))
            case .loadOrder(let orderId):
                return .orderLoaded(try store.order(orderId))
            case .loadRefunds:
                return .refundsLoaded(try store.refunds(limit: ConsoleState.refundsShown))
            case .loadAudit:
                return .auditLoaded(try store.auditEntries(limit: 500))
            case .cancel(let orderId, let expecting, let key):
                return .actionFinished(outcome {
                    let result = try store.requestCancel(orderId: orderId, expecting: expecting, idempotencyKey: key, actor: actor)
                    return ActionOutcome(succeeded: true, title: "Order \(orderId): \(result)",
                                         lines: ["\(result)".capitalizedFirst + ".", "Recorded in the audit log as \(actor)."])
                })
            case .refund(let orderId, let amount, let reason, let note, let key):
                return .actionFinished(outcome {
                    let refund = try store.requestRefund(orderId: orderId, amount: amount, reason: reason, note: note,
                                                         idempotencyKey: key, actor: actor)
                    return ActionOutcome(succeeded: true, title: "Refund requested", lines: [
                        "\(refund.refundId): \(refund.amount) for order \(orderId), \(refund.status.rawValue).",
                        "It is submitted to the processor next; the Refunds screen follows it.",
                        "Recorded in the audit log as \(actor).",
                    ])
                })
            case .withdraw(let refundId):
                return .actionFinished(outcome {
                    let refund = try store.withdrawRefund(refundId: refundId, actor: actor)
                    return ActionOutcome(succeeded: true, title: "Refund withdrawn",
                                         lines: ["\(refund.refundId): \(refund.amount) for order \(refund.orderId) is withdrawn."])
                })
            case .export(let request):
                return .exported(export(request))
            case .quit, .suspend, .discardTypeAhead:
                return nil
            }
        } catch {
            return .storeFailed(String(describing: error), call: effect)
        }
    }

    /// The whole list read page by page (keyset, as the screen reads it), then saved as CSV.
    private func export(_ request: ExportRequest) -> ExportOutcome {
        let table: CSVTable, rows: Int, reach: SearchReach
        do {
            switch request {
            case .orders(var query):
                var orders: [OrderSummary] = []
                while true {
                    let page = try store.orders(query)
                    orders += page
                    guard page.count == query.limit, let last = page.last else { break }
                    query.after = last.cursor
                }
                // The last page is the one that ended the list: whether a search window ran out is asked of it.
                reach = query.searchTerm == nil ? .complete : try store.searchReach(query)
                (table, rows) = (CSVTable(orders: orders), orders.count)
            case .refunds:
                let refunds = try store.refunds(limit: nil)
                (table, rows, reach) = (CSVTable(refunds: refunds), refunds.count, .complete)
            }
        } catch {
            return .failed(path: nil, problem: String(describing: error))
        }
        do throws(ExportFolder.Failure) {
            let path = try exports.save(table.text, noun: request.noun, at: clock())
            return .written(request, path: path, rows: rows, reach: reach)
        } catch {
            return .failed(path: error.path, problem: error.problem)
        }
    }

    /// A write's result: a refusal is an answer to show the operator, not a store failure.
    private func outcome(_ body: () throws -> ActionOutcome) -> ActionOutcome {
        do { return try body() } catch {
            return ActionOutcome(succeeded: false, title: "Nothing was changed", lines: [String(describing: error)])
        }
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
