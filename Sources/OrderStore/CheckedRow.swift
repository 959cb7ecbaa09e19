import GRDB
import OrderModel

extension Row {
    /// The value of `column`, or an error naming `place` and what the column holds. A value that a person or
    /// another program wrote in the wrong type fails the read with that one line: GRDB's subscript would trap.
    func checked<Value: DatabaseValueConvertible>(_ column: String, in place: @autoclosure () -> String,
                                                  as type: Value.Type = Value.self) throws(StoreError) -> Value {
        do { return try decode(Value.self, forColumn: column) } catch {
            throw .database("\(place()): \(column) holds \(shown(column)), not \(Self.kind(of: Value.self))")
        }
    }

    /// The value at `index`, checked as `checked(_:in:as:)` checks a named column.
    func checked<Value: DatabaseValueConvertible>(atIndex index: Int, in place: @autoclosure () -> String,
                                                  as type: Value.Type = Value.self) throws(StoreError) -> Value {
        do { return try decode(Value.self, atIndex: index) } catch {
            let column = Array(columnNames)[index]
            throw .database("\(place()): \(column) holds \(Self.shown(self[index] as DatabaseValue)), not \(Self.kind(of: Value.self))")
        }
    }

    /// The order a row of `orders` is, for a message (`order "ORD-1"`): whatever its `order_id` holds.
    var orderName: String { "order \(shown("order_id"))" }

    /// What `column` holds, for a message: text quoted, whatever its type; never fails.
    func shown(_ column: String) -> String { Self.shown(self[column]) }

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
