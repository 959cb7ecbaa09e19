import ConsoleUI
import OrderModel
import OrderStore
import Synchronization

/// The console's store is PayDesk's SQLite store: each call is one of the store's named operations, and a
/// `StoreError`'s description is what the operator reads.
public final class PayDeskConsoleStore: ConsoleStore {
    /// Where every read goes.
    let store: PayDeskStore
    /// Where changes go: `store` itself, or a store opened for writing at the first change.
    private let changes: Mutex<Changes>

    private enum Changes {
        case opened(PayDeskStore)
        case toOpen(@Sendable () throws(StoreError) -> PayDeskStore)
    }

    /// Reads and changes both go to `store`.
    public init(_ store: PayDeskStore) {
        self.store = store
        changes = Mutex(.opened(store))
    }

    /// Reads go to `store`, opened read-only; `openForChanges` opens the store for writing when the first change
    /// comes, and that store takes every change after it.
    public init(reading store: PayDeskStore, openForChanges: @escaping @Sendable () throws(StoreError) -> PayDeskStore) {
        self.store = store
        changes = Mutex(.toOpen(openForChanges))
    }

    /// Opens the store at `path` for a console that may change it, writing nothing to it until the first change.
    ///
    /// Opening SQLite for writing writes to the store whenever its WAL is empty, as it is after the last process
    /// closed cleanly: GRDB creates and drops a table so that readers find a WAL, and that commit waits for an
    /// `fsync`. None of it is needed to show the orders, so the store is opened read-only first. A store whose
    /// schema is older than this PayDesk's is opened for writing at once, to be upgraded (told to
    /// `upgradeReporter`); so is one missing its -wal or -shm, which a writer makes privately, in the store's group
    /// (`StoreFiles`).
    public static func open(path: String, upgradeReporter: UpgradeReporter?) throws(StoreError) -> PayDeskConsoleStore {
        func openForWriting() throws(StoreError) -> PayDeskConsoleStore {
            PayDeskConsoleStore(try PayDeskStore(path: path, mode: .readWrite, upgradeReporter: upgradeReporter))
        }
        guard StoreFiles.missingCompanions(of: path).isEmpty else { return try openForWriting() }
        let reading: PayDeskStore
        do {
            reading = try PayDeskStore(path: path, mode: .readOnly)
        } catch .needsMigration {
            return try openForWriting()
        }
        return PayDeskConsoleStore(reading: reading, openForChanges: { () throws(StoreError) in
            try PayDeskStore(path: path, mode: .readWrite)
        })
    }

    /// The store that takes changes, opened now if this is the first.
    private func changing() throws(StoreError) -> PayDeskStore {
        try changes.withLock { (changes: inout Changes) throws(StoreError) -> PayDeskStore in
            switch changes {
            case .opened(let store):
                return store
            case .toOpen(let open):
                let store = try open()
                changes = .opened(store)
                return store
            }
        }
    }

    public func changeToken() throws -> Int64 { try store.changeToken() }

    public func orders(_ query: OrderQuery) throws -> [OrderSummary] { try store.orders(query) }

    public func searchReach(_ query: OrderQuery) throws -> SearchReach { try store.searchReach(query) }

    public func statusTotals() throws -> [StatusTotal] { try store.statusTotals() }

    public func shopActivity(asOf: Timestamp) throws -> ShopActivity { try store.shopActivity(asOf: asOf) }

    public func order(_ orderId: String) throws -> OrderDetail { try store.order(orderId) }

    public func refunds(limit: Int?) throws -> [RefundView] { try store.refunds(limit: limit) }

    public func auditEntries(limit: Int) throws -> [AuditEntry] { try store.auditEntries(limit: limit) }

    public func requestCancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String, actor: Actor) throws -> CancelOutcome {
        try changing().requestCancel(orderId: orderId, expecting: expecting, idempotencyKey: idempotencyKey, actor: actor).outcome
    }

    public func requestRefund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String,
                       actor: Actor) throws -> RefundView {
        try changing().requestRefund(orderId: orderId, amount: amount, reason: reason, note: note, idempotencyKey: idempotencyKey,
                                actor: actor).refund
    }

    public func withdrawRefund(refundId: String, actor: Actor) throws -> RefundView {
        try changing().withdrawRefund(refundId: refundId, actor: actor)
    }
}
