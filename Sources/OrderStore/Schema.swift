import Foundation
import GRDB
import OrderModel

/// The store's schema, one migration per version. Migrations are history: never edit a shipped one.
///
/// The SQL repeats the money rules of `PaymentLifecycle` on purpose: whatever writes to the file (a bug, a
/// second PayDesk version, a person with `sqlite3`), refunds can never exceed what was paid, payment states
/// move only along docs/design.md §3, orders are never deleted and the audit log is append-only.
enum Schema {
    /// `PRAGMA application_id` of every PayDesk store: "PDSK".
    static let applicationID: Int32 = 0x5044_534B

    static var migrator: DatabaseMigrator { migrator(reporting: nil) }

    /// Every migration, with what it does in the words an upgrade prints (`SchemaUpgrade.swift`).
    static var steps: [SchemaStep] {
        [
            SchemaStep("v1", "creating the tables", createVersion1),
            SchemaStep("v2", "adding the shipping label to orders", addShippingLabel),
            SchemaStep("v3", "adding the token's verification to orders", addTokenVerification),
            SchemaStep("v4", "indexing open cancels", indexOpenCancels),
            SchemaStep("v5", "indexing orders by amount", indexAmounts),
            SchemaStep("v6", "keeping the polling schedule of charges", keepPollSchedules),
            SchemaStep("v7", "recounting the totals per status so that an overflow shows", totalsThatOverflowVisibly),
            SchemaStep("v8", "recording what made the store", recordWhatMadeTheStore),
            SchemaStep("v9", "adding held orders and each order's refunds in flight", holdsAndRefundsInFlight),
            SchemaStep("v10", "writing a baseline audit entry for every order", walkingOrders: auditEffects),
            SchemaStep("v11", "building the search index for every order", walkingOrders: SearchIndex.create),
            SchemaStep("v12", "adding the operator's label to the audit log", operatorLabels),
            SchemaStep("v13", "moving the search documents beside the list's sort keys, and indexing them again", walkingOrders: SearchIndex.separateDocuments),
            SchemaStep("v14", "indexing when charges succeeded or failed", indexChargeOutcomes),
            SchemaStep("v15", "dropping the indexes the search index replaced", dropIndexesSearchReplaced),
            SchemaStep("v16", "rewriting the orders table's checks and triggers to do less work on each write", guardsWithoutLists),
            SchemaStep("v17", "indexing what search terms of two characters are found by", SearchIndex.indexPairs),
            SchemaStep("v18", "adding the money refunded to the totals per status", refundedPerStatus),
        ]
    }

    /// SQLite evaluates `x IN (a, b, c)`, a list of more than two values, by building a temporary table of them
    /// each time a statement runs: the orders table's checks of the status and the token's outcome did so for
    /// every order stored and every change of status, and the lifecycle's trigger again, which together made two
    /// fifths of what a change of status cost. The checks are edited in place, as v9 widened the status check:
    /// each accepts exactly the values it accepted. The triggers are made anew, and the one that keeps what the
    /// customer authorised fires only for an UPDATE naming those columns, rather than comparing the 6 KB details
    /// on every one. A change of status: 197,000 -> 108,000 instructions (callgrind, SQLite 3.40).
    private static func guardsWithoutLists(_ db: Database) throws {
        try editOrdersTable(db, replacing: [
            ("CHECK (status IN ('authorized', 'charging', 'paid', 'failed', 'canceled', 'reversed', 'partially_refunded', 'refunded', 'held'))",
             "CHECK (status = 'authorized' OR status = 'charging' OR status = 'paid' OR status = 'failed' OR status = 'canceled' "
                + "OR status = 'reversed' OR status = 'partially_refunded' OR status = 'refunded' OR status = 'held')"),
            ("CHECK (token_outcome IN ('verified', 'failed', 'no_key'))",
             "CHECK (token_outcome = 'verified' OR token_outcome = 'failed' OR token_outcome = 'no_key')"),
        ])
        try db.execute(sql: """
            DROP TRIGGER orders_move_along_the_lifecycle;
            CREATE TRIGGER orders_move_along_the_lifecycle BEFORE UPDATE OF status ON orders
            WHEN OLD.status <> NEW.status AND NOT (
                OLD.status = 'authorized' AND NEW.status IN ('charging', 'canceled')
                OR OLD.status = 'held' AND NEW.status IN ('authorized', 'canceled')
                OR OLD.status = 'charging' AND (NEW.status IN ('paid', 'failed') OR NEW.status = 'canceled')
                OR OLD.status = 'paid' AND (NEW.status = 'reversed' OR NEW.status IN ('partially_refunded', 'refunded'))
                OR OLD.status = 'partially_refunded' AND NEW.status = 'refunded')
            BEGIN
                SELECT RAISE(ABORT, 'payment status cannot move that way');
            END;
            DROP TRIGGER orders_keep_what_the_customer_authorised;
            CREATE TRIGGER orders_keep_what_the_customer_authorised
            BEFORE UPDATE OF order_id, fingerprint, created_at, currency, total, details ON orders
            WHEN NEW.order_id IS NOT OLD.order_id OR NEW.fingerprint IS NOT OLD.fingerprint
              OR NEW.created_at IS NOT OLD.created_at OR NEW.currency IS NOT OLD.currency
              OR NEW.total IS NOT OLD.total OR NEW.details IS NOT OLD.details
            BEGIN
                SELECT RAISE(ABORT, 'an ingested order cannot be changed');
            END;
            """)
    }

    /// Replaces each `old` (matched whatever its whitespace, and exactly once) in the orders table's SQL, under
    /// `writable_schema` with the schema version bumped so that every connection reads it again; a table that is
    /// not the one expected is left as it is.
    private static func editOrdersTable(_ db: Database, replacing edits: [(old: String, new: String)]) throws {
        var sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'orders'") ?? ""
        for (old, new) in edits {
            let pattern = NSRegularExpression.escapedPattern(for: old).replacingOccurrences(of: " ", with: "\\s*")
            let expression = try NSRegularExpression(pattern: pattern)
            let matches = expression.matches(in: sql, range: NSRange(sql.startIndex..., in: sql))
            guard matches.count == 1, let range = Range(matches[0].range, in: sql) else {
                throw StoreError.database("the orders table is not the one this upgrade expects; it was left as it is")
            }
            sql.replaceSubrange(range, with: new)
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        try db.execute(sql: "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'orders'", arguments: [sql])
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = OFF")
    }

    /// Names, phone numbers, email addresses and card digits were looked up by prefix in indexes of their own until
    /// the search index (v11) took over; no query reads them since, and every ingested order still wrote to each.
    private static func dropIndexesSearchReplaced(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX orders_by_phone;
            DROP INDEX orders_by_email;
            DROP INDEX orders_by_last4;
            DROP INDEX orders_by_name;
            """)
    }

    /// The header's failure rate counts charges that ended in the last hour, whenever their orders were made:
    /// their outcomes by the time they happened.
    private static func indexChargeOutcomes(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX payment_events_charge_outcomes ON payment_events(at) WHERE event IN ('charge_succeeded', 'charge_failed')
            """)
    }

    /// The audit log records the operator's label (`PAYDESK_OPERATOR`) beside the login, for a team sharing one.
    private static func operatorLabels(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE audit_log ADD COLUMN operator_label TEXT")
    }

    /// Audit entries record what they did to their order (`AuditEffect`), so that `audit --verify` can replay
    /// the log and hold the store to it. Orders already in the store get one entry with the state they are in:
    /// the history before it was not recorded this way and cannot be replayed, but from here on it can.
    private static func auditEffects(_ db: Database, _ progress: MigrationProgress) throws {
        try db.execute(sql: "ALTER TABLE audit_log ADD COLUMN effect TEXT")
        // Plain SQL, not the records: a migration must read the schema as it stood, whatever the code becomes.
        var refunds: [Int64: [AuditEffect.Refund]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT order_ref, refund_id, amount, status FROM refunds ORDER BY order_ref, id") {
            let place = { "refund \(row.shown("refund_id"))" }
            let status = RefundStatus(rawValue: try row.checked("status", in: place(), as: String.self)) ?? .pending
            refunds[try row.checked("order_ref", in: place(), as: Int64.self), default: []]
                .append(AuditEffect.Refund(id: try row.checked("refund_id", in: place()), amount: try row.checked("amount", in: place()), status: status))
        }
        let now = Timestamp.now()
        let orders = try Row.fetchCursor(db, sql: """
            SELECT id, order_id, currency, total, status, failure_reason, cancel_requested, paid, refunded FROM orders ORDER BY id
            """)
        // The log as v10 left it: `AuditLog`, which writes the columns of the latest schema, would name one that
        // a store this old does not have yet (v12's operator_label).
        let append = try db.makeStatement(sql: """
            INSERT INTO audit_log (at, actor, ssh_client, action, order_id, amount, currency, idempotency_key, outcome, effect, prev_hash, hash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var previous = try AuditLog.head(db)
        var walked = 0
        while let order = try orders.next() {
            walked += 1
            defer { progress.walked(walked) }
            guard let status = PaymentStatus(rawValue: try order.checked("status", in: order.orderName, as: String.self)) else { continue }
            let effect = AuditEffect(status: status,
                                     failureReason: try order.checked("failure_reason", in: order.orderName, as: String?.self).flatMap(FailureReason.init(rawValue:)),
                                     cancelRequested: try order.checked("cancel_requested", in: order.orderName), paid: try order.checked("paid", in: order.orderName),
                                     refunded: try order.checked("refunded", in: order.orderName),
                                     refunds: refunds[try order.checked("id", in: order.orderName, as: Int64.self)] ?? [])
            let entry = AuditEntry(at: now, actor: Actor(login: "paydesk"), action: "baseline", orderId: try order.checked("order_id", in: order.orderName),
                                   amount: try order.checked("total", in: order.orderName), currencyCode: try order.checked("currency", in: order.orderName),
                                   outcome: "its state when the store began recording effects; the history before is not replayable",
                                   effect: effect)
            let hash = entry.chainHash(previous: previous)
            try append.execute(arguments: [entry.at.millisecondsSinceEpoch, entry.actor.login, entry.actor.sshClient, entry.action, entry.orderId,
                                           entry.amount, entry.currencyCode, entry.idempotencyKey, entry.outcome, effect.text, previous, hash])
            previous = hash
        }
    }

    /// `held` joins the statuses (docs/design.md §3), with the reason an order is held; and each order keeps the
    /// sum of its refunds in flight, maintained by triggers, so that a refund costs the same on an order with
    /// twenty thousand refunds as on an order with one (the guard no longer sums them all on every insert).
    private static func holdsAndRefundsInFlight(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE orders ADD COLUMN hold_reason TEXT;
            ALTER TABLE orders ADD COLUMN refunds_in_flight INTEGER NOT NULL DEFAULT 0 CHECK (refunds_in_flight >= 0);
            UPDATE orders SET refunds_in_flight = (SELECT sum(amount) FROM refunds
                                                   WHERE order_ref = orders.id AND status IN ('pending', 'submitted'))
                WHERE id IN (SELECT order_ref FROM refunds WHERE status IN ('pending', 'submitted'));

            DROP TRIGGER orders_move_along_the_lifecycle;
            CREATE TRIGGER orders_move_along_the_lifecycle BEFORE UPDATE OF status ON orders
            WHEN OLD.status <> NEW.status AND OLD.status || '>' || NEW.status NOT IN (
                'authorized>charging', 'authorized>canceled', 'held>authorized', 'held>canceled', 'charging>paid',
                'charging>failed', 'charging>canceled', 'paid>reversed', 'paid>partially_refunded', 'paid>refunded',
                'partially_refunded>refunded')
            BEGIN
                SELECT RAISE(ABORT, 'payment status cannot move that way');
            END;

            DROP TRIGGER refunds_never_exceed_what_was_paid;
            CREATE TRIGGER refunds_never_exceed_what_was_paid BEFORE INSERT ON refunds BEGIN
                SELECT RAISE(ABORT, 'refund exceeds what may still be refunded')
                WHERE NEW.amount + (SELECT refunded + refunds_in_flight FROM orders WHERE id = NEW.order_ref)
                      > (SELECT paid FROM orders WHERE id = NEW.order_ref AND status IN ('paid', 'partially_refunded'));
                SELECT RAISE(ABORT, 'only paid orders can be refunded')
                WHERE (SELECT status FROM orders WHERE id = NEW.order_ref) NOT IN ('paid', 'partially_refunded');
                SELECT RAISE(ABORT, 'a new refund starts pending') WHERE NEW.status <> 'pending';
            END;
            CREATE TRIGGER refunds_in_flight_on_insert AFTER INSERT ON refunds WHEN NEW.status IN ('pending', 'submitted') BEGIN
                UPDATE orders SET refunds_in_flight = refunds_in_flight + NEW.amount WHERE id = NEW.order_ref;
            END;
            CREATE TRIGGER refunds_in_flight_on_update AFTER UPDATE OF status ON refunds
            WHEN (OLD.status IN ('pending', 'submitted')) <> (NEW.status IN ('pending', 'submitted')) BEGIN
                UPDATE orders SET refunds_in_flight = refunds_in_flight
                    + CASE WHEN NEW.status IN ('pending', 'submitted') THEN NEW.amount ELSE -NEW.amount END
                WHERE id = NEW.order_ref;
            END;
            """)
        try widenStatusCheck(db)
    }

    /// Adds `held` to the list the orders table's CHECK allows. SQLite cannot alter a CHECK, and rebuilding a
    /// table of millions of orders would stop every operator for minutes; a CHECK that only grows accepts every
    /// row it accepted before, which is the case SQLite documents for editing the schema text in place
    /// ("Making Other Kinds Of Table Schema Changes"): under `writable_schema`, with the schema version bumped
    /// so every connection reads it again.
    private static func widenStatusCheck(_ db: Database) throws {
        try editOrdersTable(db, replacing: [("'reversed', 'partially_refunded', 'refunded'))",
                                             "'reversed', 'partially_refunded', 'refunded', 'held'))")])
    }

    /// What made the store: `paydesk demo` replaces only a store it marked as its own. A store from before
    /// this table has no mark, so it counts as a shop's.
    private static func recordWhatMadeTheStore(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE store_info (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
    }

    /// A status's amount is NULL once it no longer fits 64 bits. SQLite turns an integer sum that overflows
    /// into a floating-point number, which no reader could trust (an older version's readers trapped on it);
    /// now the sum is checked, a total that overflowed stays NULL until its last order leaves the status, and
    /// what older versions wrote is marked the same way.
    private static func totalsThatOverflowVisibly(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER status_totals_on_insert;
            DROP TRIGGER status_totals_on_update;
            CREATE TABLE status_totals_checked (
                status TEXT NOT NULL,
                currency TEXT NOT NULL,
                orders INTEGER NOT NULL,
                amount INTEGER,
                PRIMARY KEY (status, currency)
            ) WITHOUT ROWID;
            INSERT INTO status_totals_checked (status, currency, orders, amount)
                SELECT status, currency, orders, CASE WHEN typeof(amount) = 'integer' THEN amount END FROM status_totals;
            DROP TABLE status_totals;
            ALTER TABLE status_totals_checked RENAME TO status_totals;
            """)
        try createStatusTotalsTriggers(db)
    }

    /// Counts and amounts per status and currency follow every insert and status change, with checked sums.
    static func createStatusTotalsTriggers(_ db: Database) throws {
        let add = """
            INSERT INTO status_totals (status, currency, orders, amount) VALUES (NEW.status, NEW.currency, 1, NEW.total)
            ON CONFLICT (status, currency) DO UPDATE SET orders = orders + 1,
                amount = CASE WHEN typeof(amount + excluded.amount) = 'integer' THEN amount + excluded.amount END;
            """
        try db.execute(sql: """
            CREATE TRIGGER status_totals_on_insert AFTER INSERT ON orders BEGIN
                \(add)
            END;
            CREATE TRIGGER status_totals_on_update AFTER UPDATE OF status ON orders WHEN OLD.status <> NEW.status BEGIN
                UPDATE status_totals SET orders = orders - 1,
                    amount = CASE WHEN orders = 1 THEN 0
                                  WHEN typeof(amount - OLD.total) = 'integer' THEN amount - OLD.total END
                    WHERE status = OLD.status AND currency = OLD.currency;
                \(add)
            END;
            """)
    }

    /// The money refunded from the orders in each status and currency, beside their count and total: a partial
    /// refund changes no status, and the header showed it nowhere. Summed in Swift, checked, as the triggers do:
    /// SQLite's sum() of integers fails outright when it overflows.
    private static func refundedPerStatus(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE status_totals ADD COLUMN refunded INTEGER DEFAULT 0")
        var sums: [[String]: Int64?] = [:]
        // Only these two states follow a refund (the lifecycle moves an order there with its first refund, and the
        // status triggers let it leave them for no other), and orders_by_status finds them without reading every order.
        let refundedOrders = "SELECT status, currency, refunded FROM orders WHERE status IN ('partially_refunded', 'refunded') AND refunded > 0"
        for row in try Row.fetchAll(db, sql: refundedOrders) {
            let key: [String] = [try row.checked("status", in: "orders"), try row.checked("currency", in: "orders")]
            let refunded: Int64 = try row.checked("refunded", in: "orders")
            sums[key] = sums[key, default: 0].flatMap { sum in
                let (added, overflow) = sum.addingReportingOverflow(refunded)
                return overflow ? nil : added
            }
        }
        let set = try db.makeStatement(sql: "UPDATE status_totals SET refunded = ? WHERE status = ? AND currency = ?")
        for (key, sum) in sums { try set.execute(arguments: [sum, key[0], key[1]]) }
        try db.execute(sql: "DROP TRIGGER status_totals_on_insert; DROP TRIGGER status_totals_on_update")
        try createStatusTotalsTriggersWithRefunds(db)
    }

    /// v18's triggers: counts, amounts and the money refunded per status and currency follow every insert, status
    /// change and refund, with checked sums. A refund that changes no status moves the order out of its row and
    /// back in, which leaves its count and total as they were.
    static func createStatusTotalsTriggersWithRefunds(_ db: Database) throws {
        let checked = { (column: String) in
            "\(column) = CASE WHEN typeof(\(column) + excluded.\(column)) = 'integer' THEN \(column) + excluded.\(column) END"
        }
        let add = """
            INSERT INTO status_totals (status, currency, orders, amount, refunded) VALUES (NEW.status, NEW.currency, 1, NEW.total, NEW.refunded)
            ON CONFLICT (status, currency) DO UPDATE SET orders = orders + 1, \(checked("amount")), \(checked("refunded"));
            """
        try db.execute(sql: """
            CREATE TRIGGER status_totals_on_insert AFTER INSERT ON orders BEGIN
                \(add)
            END;
            CREATE TRIGGER status_totals_on_update AFTER UPDATE OF status, refunded ON orders
            WHEN OLD.status <> NEW.status OR OLD.refunded <> NEW.refunded BEGIN
                UPDATE status_totals SET orders = orders - 1,
                    amount = CASE WHEN orders = 1 THEN 0
                                  WHEN typeof(amount - OLD.total) = 'integer' THEN amount - OLD.total END,
                    refunded = CASE WHEN orders = 1 THEN 0
                                    WHEN typeof(refunded - OLD.refunded) = 'integer' THEN refunded - OLD.refunded END
                    WHERE status = OLD.status AND currency = OLD.currency;
                \(add)
            END;
            """)
    }

    /// When the lifecycle driver next asks about each unanswered charge, and the wait after that: kept in the
    /// store so that a restarted driver resumes its backoff instead of polling everything at once. A schedule
    /// lives only while its charge does: whoever records the answer (the driver, or ingest's payment events),
    /// the trigger removes it in the same transaction.
    private static func keepPollSchedules(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE charge_polls (
                order_ref INTEGER PRIMARY KEY REFERENCES orders(id),
                next_poll_at INTEGER NOT NULL,
                poll_interval INTEGER NOT NULL CHECK (poll_interval > 0)
            );
            CREATE TRIGGER charge_polls_end_with_the_charge AFTER UPDATE OF status ON orders
            WHEN OLD.status = 'charging' AND NEW.status <> 'charging' BEGIN
                DELETE FROM charge_polls WHERE order_ref = OLD.id;
            END;
            """)
    }

    /// The list can be sorted by amount, with or without a status filter; keyset paging needs an index for each.
    private static func indexAmounts(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX orders_by_amount ON orders(currency, total);
            CREATE INDEX orders_by_status_amount ON orders(status, currency, total);
            """)
    }

    /// The outbox and the lifecycle driver read the open cancels on every pass: an index of just those keeps
    /// that read from scanning every order.
    private static func indexOpenCancels(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX orders_with_open_cancels ON orders(cancel_requested_at) WHERE cancel_requested = 1")
    }

    /// What ingest learnt from each token with the merchant's keys (NULL: no keys were configured). Only masked
    /// data is kept. The outcome and the amount check are columns of their own so that the list can flag them.
    private static func addTokenVerification(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE orders ADD COLUMN token_outcome TEXT CHECK (token_outcome IN ('verified', 'failed', 'no_key'));
            ALTER TABLE orders ADD COLUMN token_mismatch INTEGER NOT NULL DEFAULT 0 CHECK (token_mismatch IN (0, 1));
            ALTER TABLE orders ADD COLUMN token_verification TEXT;
            """)
    }

    /// The list shows the shipping method as the customer saw it ("极速送达"), not its identifier.
    private static func addShippingLabel(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE orders ADD COLUMN shipping_label TEXT;
            UPDATE orders SET shipping_label = json_extract(details, '$.shippingMethod.label')
            WHERE json_extract(details, '$.shippingMethod.label') IS NOT NULL;
            """)
    }

    private static func createVersion1(_ db: Database) throws {
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(sql: """
            CREATE TABLE orders (
                id INTEGER PRIMARY KEY,
                order_id TEXT NOT NULL UNIQUE,
                fingerprint BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                currency TEXT NOT NULL CHECK (length(currency) = 3),
                total INTEGER NOT NULL CHECK (total > 0),
                status TEXT NOT NULL CHECK (status IN ('authorized', 'charging', 'paid', 'failed', 'canceled',
                                                       'reversed', 'partially_refunded', 'refunded')),
                failure_reason TEXT,
                processor_reference TEXT,
                cancel_requested INTEGER NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1)),
                cancel_requested_at INTEGER,
                cancel_requested_by TEXT,
                cancel_idempotency_key TEXT UNIQUE,
                paid INTEGER NOT NULL DEFAULT 0,
                refunded INTEGER NOT NULL DEFAULT 0,
                updated_at INTEGER NOT NULL,
                customer_name TEXT NOT NULL,
                customer_phone_reversed TEXT,
                customer_email TEXT,
                card_last4 TEXT,
                wallet TEXT NOT NULL,
                shipping_method TEXT,
                details TEXT NOT NULL,
                CHECK (paid = 0 OR paid = total),
                CHECK (refunded >= 0 AND refunded <= paid)
            );
            CREATE INDEX orders_newest ON orders(created_at DESC, id DESC);
            CREATE INDEX orders_by_status ON orders(status, created_at DESC, id DESC);
            CREATE INDEX orders_by_phone ON orders(customer_phone_reversed) WHERE customer_phone_reversed IS NOT NULL;
            CREATE INDEX orders_by_email ON orders(customer_email) WHERE customer_email IS NOT NULL;
            CREATE INDEX orders_by_last4 ON orders(card_last4, created_at DESC) WHERE card_last4 IS NOT NULL;
            CREATE INDEX orders_by_name ON orders(customer_name COLLATE NOCASE);

            CREATE TABLE payment_events (
                id INTEGER PRIMARY KEY,
                order_ref INTEGER NOT NULL REFERENCES orders(id),
                event TEXT NOT NULL,
                at INTEGER NOT NULL,
                processor_reference TEXT,
                reason TEXT,
                refund_id TEXT,
                amount INTEGER,
                fingerprint BLOB UNIQUE
            );
            CREATE INDEX payment_events_by_order ON payment_events(order_ref, at);

            CREATE TABLE refunds (
                id INTEGER PRIMARY KEY,
                refund_id TEXT NOT NULL UNIQUE,
                order_ref INTEGER NOT NULL REFERENCES orders(id),
                amount INTEGER NOT NULL CHECK (amount > 0),
                status TEXT NOT NULL CHECK (status IN ('pending', 'submitted', 'succeeded', 'failed', 'withdrawn')),
                reason TEXT NOT NULL CHECK (reason IN ('requested_by_customer', 'duplicate', 'fraudulent',
                                                       'not_delivered', 'other')),
                note TEXT,
                requested_at INTEGER NOT NULL,
                requested_by TEXT NOT NULL,
                idempotency_key TEXT NOT NULL UNIQUE,
                failure_reason TEXT,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX refunds_by_order ON refunds(order_ref);
            CREATE INDEX refunds_by_status ON refunds(status, requested_at);

            CREATE TABLE audit_log (
                id INTEGER PRIMARY KEY,
                at INTEGER NOT NULL,
                actor TEXT NOT NULL,
                ssh_client TEXT,
                action TEXT NOT NULL,
                order_id TEXT,
                amount INTEGER,
                currency TEXT,
                idempotency_key TEXT,
                outcome TEXT NOT NULL,
                prev_hash BLOB NOT NULL,
                hash BLOB NOT NULL
            );
            CREATE INDEX audit_by_order ON audit_log(order_id) WHERE order_id IS NOT NULL;
            -- The newest entry's hash, so that cutting entries off the end is detected too.
            CREATE TABLE audit_head (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                last_id INTEGER NOT NULL,
                last_hash BLOB NOT NULL
            );

            -- Counts and amounts per status, kept by triggers so that the header never counts a million rows.
            CREATE TABLE status_totals (
                status TEXT NOT NULL,
                currency TEXT NOT NULL,
                orders INTEGER NOT NULL,
                amount INTEGER NOT NULL,
                PRIMARY KEY (status, currency)
            ) WITHOUT ROWID;

            CREATE TRIGGER status_totals_on_insert AFTER INSERT ON orders BEGIN
                INSERT INTO status_totals (status, currency, orders, amount) VALUES (NEW.status, NEW.currency, 1, NEW.total)
                ON CONFLICT (status, currency) DO UPDATE SET orders = orders + 1, amount = amount + excluded.amount;
            END;
            CREATE TRIGGER status_totals_on_update AFTER UPDATE OF status ON orders WHEN OLD.status <> NEW.status BEGIN
                UPDATE status_totals SET orders = orders - 1, amount = amount - OLD.total
                    WHERE status = OLD.status AND currency = OLD.currency;
                INSERT INTO status_totals (status, currency, orders, amount) VALUES (NEW.status, NEW.currency, 1, NEW.total)
                ON CONFLICT (status, currency) DO UPDATE SET orders = orders + 1, amount = amount + excluded.amount;
            END;

            CREATE TRIGGER orders_are_never_deleted BEFORE DELETE ON orders BEGIN
                SELECT RAISE(ABORT, 'orders are never deleted');
            END;
            CREATE TRIGGER orders_keep_what_the_customer_authorised BEFORE UPDATE ON orders
            WHEN NEW.order_id IS NOT OLD.order_id OR NEW.fingerprint IS NOT OLD.fingerprint
              OR NEW.created_at IS NOT OLD.created_at OR NEW.currency IS NOT OLD.currency
              OR NEW.total IS NOT OLD.total OR NEW.details IS NOT OLD.details
            BEGIN
                SELECT RAISE(ABORT, 'an ingested order cannot be changed');
            END;
            CREATE TRIGGER orders_move_along_the_lifecycle BEFORE UPDATE OF status ON orders
            WHEN OLD.status <> NEW.status AND OLD.status || '>' || NEW.status NOT IN (
                'authorized>charging', 'authorized>canceled', 'charging>paid', 'charging>failed', 'charging>canceled',
                'paid>reversed', 'paid>partially_refunded', 'paid>refunded', 'partially_refunded>refunded')
            BEGIN
                SELECT RAISE(ABORT, 'payment status cannot move that way');
            END;

            CREATE TRIGGER refunds_never_exceed_what_was_paid BEFORE INSERT ON refunds BEGIN
                SELECT RAISE(ABORT, 'refund exceeds what may still be refunded')
                WHERE NEW.amount + (SELECT coalesce(sum(amount), 0) FROM refunds
                                    WHERE order_ref = NEW.order_ref AND status NOT IN ('failed', 'withdrawn'))
                      > (SELECT paid FROM orders WHERE id = NEW.order_ref AND status IN ('paid', 'partially_refunded'));
                SELECT RAISE(ABORT, 'only paid orders can be refunded')
                WHERE (SELECT status FROM orders WHERE id = NEW.order_ref) NOT IN ('paid', 'partially_refunded');
                SELECT RAISE(ABORT, 'a new refund starts pending') WHERE NEW.status <> 'pending';
            END;
            CREATE TRIGGER refunds_keep_their_amount BEFORE UPDATE ON refunds
            WHEN NEW.amount IS NOT OLD.amount OR NEW.order_ref IS NOT OLD.order_ref OR NEW.refund_id IS NOT OLD.refund_id
            BEGIN
                SELECT RAISE(ABORT, 'a refund keeps its order and amount');
            END;
            CREATE TRIGGER refunds_move_forward BEFORE UPDATE OF status ON refunds
            WHEN OLD.status <> NEW.status AND OLD.status || '>' || NEW.status NOT IN (
                'pending>submitted', 'pending>succeeded', 'pending>failed', 'pending>withdrawn',
                'submitted>succeeded', 'submitted>failed')
            BEGIN
                SELECT RAISE(ABORT, 'refund status cannot move that way');
            END;
            CREATE TRIGGER refunds_are_never_deleted BEFORE DELETE ON refunds BEGIN
                SELECT RAISE(ABORT, 'refunds are never deleted');
            END;

            CREATE TRIGGER audit_log_is_append_only_update BEFORE UPDATE ON audit_log BEGIN
                SELECT RAISE(ABORT, 'the audit log is append-only');
            END;
            CREATE TRIGGER audit_log_is_append_only_delete BEFORE DELETE ON audit_log BEGIN
                SELECT RAISE(ABORT, 'the audit log is append-only');
            END;
            CREATE TRIGGER audit_head_follows_the_log AFTER INSERT ON audit_log BEGIN
                INSERT INTO audit_head (singleton, last_id, last_hash) VALUES (1, NEW.id, NEW.hash)
                ON CONFLICT (singleton) DO UPDATE SET last_id = excluded.last_id, last_hash = excluded.last_hash;
            END;
            """)
    }
}
