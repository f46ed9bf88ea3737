/// How a model is serialized: the options of `Mapper.serializeJSON(_:using:options:)` and
/// `Mapper.serialize(_:using:options:)`.
///
///     let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys])
///
/// The default, `[]`, writes compact JSON with keys in mapping order and nil omitted.
public struct SerializationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Two-space indentation, one member or element per line, `"key": value`; no trailing newline.
    /// Empty containers stay `{}` and `[]`.
    public static let prettyPrinted = SerializationOptions(rawValue: 1 << 0)
    /// Each object's keys in the order of their UTF-8 bytes (the order of their Unicode scalars), which
    /// is neither locale- nor normalization-dependent: `"B"` < `"a"` < `"é"`.
    public static let sortedKeys = SerializationOptions(rawValue: 1 << 1)
    /// A nil property is written as `null` rather than omitted. Serialize reads it; the JSON writer
    /// writes the `null`s it is given either way.
    public static let writingNulls = SerializationOptions(rawValue: 1 << 2)
}
