/// The options of `Mapper.serializeJSON(_:using:options:)` and `Mapper.serialize(_:using:options:)`.
///
/// The default, `[]`, writes compact JSON with keys in mapping order and nil omitted.
///
///     let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys])
public struct SerializationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Two-space indentation, one member or element per line; empty containers stay `{}` and `[]`.
    public static let prettyPrinted = SerializationOptions(rawValue: 1 << 0)
    /// Keys in the order of their UTF-8 bytes, whatever the locale or normalization: `"B"` < `"a"` < `"é"`.
    public static let sortedKeys = SerializationOptions(rawValue: 1 << 1)
    /// A nil property is written as `null` rather than omitted. Without it, nil is `null` only where a left-out key
    /// would read back as something else (a `default:`, `.ifAbsent(.fail)`) and `null` reads back as nil.
    public static let writingNulls = SerializationOptions(rawValue: 1 << 2)
}
