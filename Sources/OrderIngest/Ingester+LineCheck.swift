import OrderModel

extension Ingester {
    /// Parses and validates one line as ingest does before it takes the store's lock (JSON, fields, limits,
    /// fingerprint, the order's audit entry), without a store, and returns what is wrong with it, if anything. The
    /// micro benchmarks in Benchmarks/Micro measure ingest's per-line cost through this, in an optimised build like
    /// the shipped one.
    public static func problem(inLine line: [UInt8], now: Timestamp) -> FieldProblem? {
        let actor = Actor(login: "paydesk")
        guard case .rejected(let problem) = parse(Line(number: 1, bytes: line[...]), now: now, actor: actor, verifier: nil) else { return nil }
        return problem
    }
}
