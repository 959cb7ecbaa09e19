import OrderModel
import StrictJSON

/// Reads the members of one JSON object by name. Every complaint names the member's full path the way the
/// ingest format documents it (`summaryItems[2].amount`). A member that is `null` counts as absent. (The
/// reader has already refused repeated names, in every object.)
struct JSONObjectReader {
    let json: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) throws(FieldProblem) {
        guard value.kind == .object else { throw FieldProblem(path.isEmpty ? "line" : path, "expected an object") }
        json = value
        self.path = path
    }

    private func field(_ key: String) -> String { memberPath(key, in: path) }

    private func value(_ key: String) -> JSONValue? {
        guard let found = json.member(key), !found.isNull else { return nil }
        return found
    }

    private func required(_ key: String) throws(FieldProblem) -> JSONValue {
        guard let found = value(key) else { throw FieldProblem(field(key), "missing") }
        return found
    }

    func string(_ key: String) throws(FieldProblem) -> String {
        guard let text = try required(key).string else { throw FieldProblem(field(key), "expected a string") }
        return text
    }

    func optionalString(_ key: String) throws(FieldProblem) -> String? {
        guard value(key) != nil else { return nil }
        return try string(key)
    }

    func object(_ key: String) throws(FieldProblem) -> JSONObjectReader {
        try JSONObjectReader(required(key), path: field(key))
    }

    func optionalObject(_ key: String) throws(FieldProblem) -> JSONObjectReader? {
        guard value(key) != nil else { return nil }
        return try object(key)
    }

    func strings(_ key: String) throws(FieldProblem) -> [String] {
        var texts: [String] = []
        for (index, element) in try elements(key).enumerated() {
            guard let text = element.string else { throw FieldProblem("\(field(key))[\(index)]", "expected a string") }
            texts.append(text)
        }
        return texts
    }

    func objects(_ key: String) throws(FieldProblem) -> [JSONObjectReader] {
        var readers: [JSONObjectReader] = []
        for (index, element) in try elements(key).enumerated() {
            readers.append(try JSONObjectReader(element, path: "\(field(key))[\(index)]"))
        }
        return readers
    }

    func optionalObjects(_ key: String) throws(FieldProblem) -> [JSONObjectReader]? {
        guard value(key) != nil else { return nil }
        return try objects(key)
    }

    private func elements(_ key: String) throws(FieldProblem) -> [JSONValue] {
        let array = try required(key)
        guard array.kind == .array else { throw FieldProblem(field(key), "expected an array") }
        return array.elements
    }
}

func memberPath(_ key: String, in path: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
