import OrderModel
import StrictJSON

/// Reads the members of one JSON object by name. Every complaint names the member's full path the way the
/// ingest format documents it (`summaryItems[2].amount`), worked out from the document only when there is a
/// complaint. A member that is `null` counts as absent. (The reader has already refused repeated names, in
/// every object.)
struct JSONObjectReader {
    let json: JSONValue

    init(_ value: JSONValue) throws(FieldProblem) {
        guard value.kind == .object else { throw FieldProblem(Self.field(value), "expected an object") }
        json = value
    }

    /// Where `value` (or its member `key`) is, as the ingest format names it: `summaryItems[2].amount`, or
    /// `line` for the line itself.
    static func field(_ value: JSONValue, member key: StaticString? = nil) -> String {
        var field = ""
        for component in value.path + (key.map { [.member($0.description)] } ?? []) {
            switch component {
            case .member(let name): field += field.isEmpty ? name : ".\(name)"
            case .element(let index): field += "[\(index)]"
            }
        }
        return field.isEmpty ? "line" : field
    }

    private func field(_ key: StaticString) -> String { Self.field(json, member: key) }

    private func value(_ key: StaticString) -> JSONValue? {
        guard let found = json.member(key), !found.isNull else { return nil }
        return found
    }

    private func required(_ key: StaticString) throws(FieldProblem) -> JSONValue {
        guard let found = value(key) else { throw FieldProblem(field(key), "missing") }
        return found
    }

    func string(_ key: StaticString) throws(FieldProblem) -> String {
        guard let text = try required(key).string else { throw FieldProblem(field(key), "expected a string") }
        return text
    }

    func optionalString(_ key: StaticString) throws(FieldProblem) -> String? {
        guard let found = value(key) else { return nil }
        guard let text = found.string else { throw FieldProblem(field(key), "expected a string") }
        return text
    }

    func object(_ key: StaticString) throws(FieldProblem) -> JSONObjectReader {
        try JSONObjectReader(required(key))
    }

    func optionalObject(_ key: StaticString) throws(FieldProblem) -> JSONObjectReader? {
        try value(key).map { (found) throws(FieldProblem) in try JSONObjectReader(found) }
    }

    func strings(_ key: StaticString) throws(FieldProblem) -> [String] {
        let array = try elements(key)
        var texts: [String] = []
        texts.reserveCapacity(array.count)
        try array.forEachElement { (element) throws(FieldProblem) in
            guard let text = element.string else { throw FieldProblem(Self.field(element), "expected a string") }
            texts.append(text)
        }
        return texts
    }

    func objects(_ key: StaticString) throws(FieldProblem) -> [JSONObjectReader] {
        let array = try elements(key)
        var readers: [JSONObjectReader] = []
        readers.reserveCapacity(array.count)
        try array.forEachElement { (element) throws(FieldProblem) in readers.append(try JSONObjectReader(element)) }
        return readers
    }

    func optionalObjects(_ key: StaticString) throws(FieldProblem) -> [JSONObjectReader]? {
        guard value(key) != nil else { return nil }
        return try objects(key)
    }

    private func elements(_ key: StaticString) throws(FieldProblem) -> JSONValue {
        let array = try required(key)
        guard array.kind == .array else { throw FieldProblem(field(key), "expected an array") }
        return array
    }
}
