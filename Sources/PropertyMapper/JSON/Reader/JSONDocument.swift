import Foundation

/// Whole documents: one value read for a mapping, every element of a top-level array, or everything.
enum JSONDocument {
    static func read(_ json: some JSONInput, _ demand: JSONDemand) throws(JSONSyntaxError) -> Any {
        try JSONReader.withReader(json) { (reader: inout JSONReader) throws(JSONSyntaxError) -> Any in
            let value = try reader.read(demand, depth: 0)
            try reader.finishDocument()
            return value
        }
    }

    /// Hands `body` a top-level array's elements to read with `next()` in its own loop (which looks its generic types
    /// up once, not per element). Returns nil; when the document is not an array, returns it whole without calling `body`.
    static func withElements(
        of json: some JSONInput,
        _ demand: JSONDemand,
        _ body: (inout JSONElements) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> Any? {
        try JSONReader.withReader(json) { (reader: inout JSONReader) throws(JSONSyntaxError) -> Any? in
            guard try reader.peekToken(expected: .value) == UInt8(ascii: "[") else {
                let value = try reader.readValue(depth: 0)
                try reader.finishDocument()
                return value
            }
            try reader.open(depth: 0)
            var elements = JSONElements(reader: reader, demand: demand)
            try body(&elements)
            while try elements.next() != nil {}
            return nil
        }
    }
}

/// A JSON document as the entry points take it: bytes (`Data`) or text (`String`), read in place.
protocol JSONInput {
    func withBytes<R>(_ body: (UTF8Bytes) -> R) -> R
}

extension Data: JSONInput {
    func withBytes<R>(_ body: (UTF8Bytes) -> R) -> R {
        UTF8Bytes.of(self, body)
    }
}

extension String: JSONInput {
    func withBytes<R>(_ body: (UTF8Bytes) -> R) -> R {
        UTF8Bytes.of(self, body)
    }
}

/// The elements of a document's top-level array, read one at a time (see `JSONDocument.withElements`).
struct JSONElements {
    // File-private, so `JSONDocument.withElements` makes it with the memberwise initializer.
    fileprivate var reader: JSONReader
    fileprivate let demand: JSONDemand
    fileprivate var started = false
    fileprivate var finished = false

    /// The next element, read as `demand` asks; nil after the last, once the rest of the document is checked.
    mutating func next() throws(JSONSyntaxError) -> Any? {
        if finished { return nil }
        let more = started ? try reader.readSeparator(closer: UInt8(ascii: "]")) : !reader.closesAtOnce(UInt8(ascii: "]"))
        started = true
        guard more else {
            finished = true
            try reader.finishDocument()
            return nil
        }
        return try reader.read(demand, depth: 1)
    }
}
