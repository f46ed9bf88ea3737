import Foundation

/// Whole documents: one value read for a mapping, every element of a top-level array, or everything.
enum JSONDocument {
    /// The document's value, with only what `demand` asks for built.
    static func read(_ data: Data, _ demand: JSONDemand) throws(JSONSyntaxError) -> Any {
        try JSONReader.withReader(data) { (reader: inout JSONReader) throws(JSONSyntaxError) -> Any in
            let value = try reader.read(demand, depth: 0)
            try reader.finishDocument()
            return value
        }
    }

    /// The document in `text`, with only what `demand` asks for built.
    static func read(_ text: String, _ demand: JSONDemand) throws(JSONSyntaxError) -> Any {
        try JSONReader.withReader(text) { (reader: inout JSONReader) throws(JSONSyntaxError) -> Any in
            let value = try reader.read(demand, depth: 0)
            try reader.finishDocument()
            return value
        }
    }

    /// The whole document, every value built: the reader's counterpart of JSONSerialization's output.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> Any {
        try read(data, .whole)
    }

    /// Calls `body` with each element of a top-level array, read as `demand` asks, one at a time.
    ///
    /// Returns nil after the last element; when the document is not an array, returns it whole instead.
    /// The whole document is checked: malformed JSON anywhere throws, even after elements were handed out.
    static func forEachElement(
        of data: Data,
        _ demand: JSONDemand,
        _ body: (Any) -> Void
    ) throws(JSONSyntaxError) -> Any? {
        try JSONReader.withReader(data) { (reader: inout JSONReader) throws(JSONSyntaxError) -> Any? in
            try reader.forEachElement(demand, body)
        }
    }

    /// The same for a document in `text`.
    static func forEachElement(
        of text: String,
        _ demand: JSONDemand,
        _ body: (Any) -> Void
    ) throws(JSONSyntaxError) -> Any? {
        try JSONReader.withReader(text) { (reader: inout JSONReader) throws(JSONSyntaxError) -> Any? in
            try reader.forEachElement(demand, body)
        }
    }
}

extension JSONReader {
    /// The document's top-level array, element by element (see `JSONDocument.forEachElement`).
    fileprivate mutating func forEachElement(_ demand: JSONDemand, _ body: (Any) -> Void) throws(JSONSyntaxError) -> Any? {
        guard try peekToken(expected: .value) == UInt8(ascii: "[") else {
            let value = try readValue(depth: 0)
            try finishDocument()
            return value
        }
        try open(depth: 0)
        if !closesAtOnce(UInt8(ascii: "]")) {
            repeat {
                body(try read(demand, depth: 1))
            } while try readSeparator(closer: UInt8(ascii: "]"))
        }
        try finishDocument()
        return nil
    }
}
