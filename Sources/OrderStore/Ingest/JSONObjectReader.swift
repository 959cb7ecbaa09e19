/// Reads the members of one JSON object by name. Every complaint names the member's full path the way the
/// ingest format documents it (`summaryItems[2].amount`). A member that is `null` counts as absent.
struct JSONObjectReader {
    let members: [JSONMember]
    let path: String

    init(_ value: JSONValue, path: String) throws(FieldProblem) {
        guard case .object(let members) = value else { throw FieldProblem(path.isEmpty ? "line" : path, "expected an object") }
        // Which of two values would count is a guess; refuse to make it. Objects here are small, so comparing
        // names pairwise is cheaper than hashing them.
        for (index, member) in members.enumerated() where members[..<index].contains(where: { $0.key == member.key }) {
            throw FieldProblem(memberPath(member.key, in: path), "appears twice")
        }
        self.members = members
        self.path = path
    }

    private func field(_ key: String) -> String { memberPath(key, in: path) }

    private func value(_ key: String) -> JSONValue? {
        guard let found = members.first(where: { $0.key == key })?.value, found != .null else { return nil }
        return found
    }

    private func required(_ key: String) throws(FieldProblem) -> JSONValue {
        guard let found = value(key) else { throw FieldProblem(field(key), "missing") }
        return found
    }

    func string(_ key: String) throws(FieldProblem) -> String {
        guard case .string(let text) = try required(key) else { throw FieldProblem(field(key), "expected a string") }
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
            guard case .string(let text) = element else { throw FieldProblem("\(field(key))[\(index)]", "expected a string") }
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
        guard case .array(let elements) = try required(key) else { throw FieldProblem(field(key), "expected an array") }
        return elements
    }
}

func memberPath(_ key: String, in path: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
