import GRDB
import OrderModel

extension Row {
    /// The value of `column`, or an error naming `place` and what the column holds. A value that a person or
    /// another program wrote in the wrong type fails the read with that one line: GRDB's subscript would trap.
    func checked<Value: DatabaseValueConvertible>(_ column: String, in place: @autoclosure () -> String,
                                                  as type: Value.Type = Value.self) throws(StoreError) -> Value {
        let value = databaseValue(column)
        guard let converted = Value.fromDatabaseValue(value) else { throw Self.mismatch(column, value, Value.self, place()) }
        return converted
    }

    /// The value of `column`, nil when it is NULL or the row has no such column; checked as above.
    func checked<Value: DatabaseValueConvertible>(_ column: String, in place: @autoclosure () -> String,
                                                  as type: Value?.Type = Value?.self) throws(StoreError) -> Value? {
        let value = databaseValue(column)
        if value.isNull { return nil }
        guard let converted = Value.fromDatabaseValue(value) else { throw Self.mismatch(column, value, Value?.self, place()) }
        return converted
    }

    /// The value at `index`, checked as `checked(_:in:as:)` checks a named column.
    func checked<Value: DatabaseValueConvertible>(atIndex index: Int, in place: @autoclosure () -> String,
                                                  as type: Value.Type = Value.self) throws(StoreError) -> Value {
        let value = databaseValue(atIndex: index)
        guard let converted = Value.fromDatabaseValue(value) else {
            throw Self.mismatch(Array(columnNames)[index], value, Value.self, place())
        }
        return converted
    }

    /// The value at `index`, nil when it is NULL.
    func checked<Value: DatabaseValueConvertible>(atIndex index: Int, in place: @autoclosure () -> String,
                                                  as type: Value?.Type = Value?.self) throws(StoreError) -> Value? {
        let value = databaseValue(atIndex: index)
        if value.isNull { return nil }
        guard let converted = Value.fromDatabaseValue(value) else {
            throw Self.mismatch(Array(columnNames)[index], value, Value?.self, place())
        }
        return converted
    }

    // The values are read as they are held and converted here, with the optional case apart, rather than by GRDB's
    // `decode`: that is generic code compiled apart from its callers, which looked `Optional`'s conformances up
    // at run time for every value (1,500 instructions each, more than the query itself on the console's first page).

    private func databaseValue(_ column: String) -> DatabaseValue {
        (self[column] as (any DatabaseValueConvertible)?)?.databaseValue ?? .null
    }

    private func databaseValue(atIndex index: Int) -> DatabaseValue {
        self[self.index(startIndex, offsetBy: index)].1
    }

    private static func mismatch(_ column: String, _ value: DatabaseValue, _ type: Any.Type, _ place: String) -> StoreError {
        .database("\(place): \(column) holds \(shown(value)), not \(kind(of: type))")
    }

    /// The order a row of `orders` is, for a message (`order "ORD-1"`): whatever its `order_id` holds.
    var orderName: String { "order \(shown("order_id"))" }

    /// What `column` holds, for a message: text quoted, whatever its type; never fails.
    func shown(_ column: String) -> String { Self.shown(databaseValue(column)) }

    private static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let text): quoted(text)
        case .blob(let bytes): "\(bytes.count) bytes of blob"
        }
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type, is String?.Type: "text"
        case is Int64.Type, is Int64?.Type, is Int.Type, is Int?.Type: "an integer"
        case is Bool.Type, is Bool?.Type: "a boolean"
        default: "a \(type)"
        }
    }
}
