extension String {
    /// An order id in `width` columns: whole if it fits, else its start and its end around an ellipsis. A shop's
    /// ids often share a long start (its name and the date) and differ only at the end, which is also where the
    /// confirmation code comes from; cut at the end, two orders would look the same.
    func orderIdFitted(to width: Int) -> String {
        // Ingest takes only A-Z a-z 0-9 - _ . : in an id; anything else is left to the table, which cuts it at the end.
        guard utf8.count > width, width >= 3, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return self }
        let tail = width / 2, head = width - 1 - tail
        return String(decoding: utf8.prefix(head), as: UTF8.self) + "…" + String(decoding: utf8.suffix(tail), as: UTF8.self)
    }
}
