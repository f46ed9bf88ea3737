import Foundation

/// A strict check-and-convert from a source value to `Value`, built once per type.
///
/// The value given has been read by the engine (see `SourceItem`) and may be null inside arrays;
/// top-level nulls never reach a conversion. On failure it returns nil and records every problem,
/// with a sub-path for array elements and dictionary values.
struct Conversion<Value>: Sendable {
    let typeName: String
    /// The kinds of source value that can convert (null aside).
    let kinds: ValueKinds
    let convert: @Sendable (SourceItem, inout ConversionIssues) -> Value?
    /// The same, writing the result into uninitialized memory for a `Value`; false on failure (then
    /// the memory is left uninitialized). Made where `Value` is known, it spares the engine's
    /// generic code the `Optional<Value>` metadata look-up that calling `convert` costs there.
    let convertInto: @Sendable (SourceItem, UnsafeMutableRawPointer, inout ConversionIssues) -> Bool
    /// What the JSON reader must build of the value: all of it, or only what a nested model's
    /// mapping names.
    let demand: JSONDemand
    /// The way back, for serialize: writes a value in the form this conversion reads, or returns
    /// false and records why it has none (rule `serialize`).
    let write: SerialWrite<Value>
    /// Under `.lenient()`, a string the value reads as by the lenient table, for the validators to
    /// judge; nil for a strict conversion.
    let coerce: (@Sendable (SourceItem) -> SourceItem?)?
    /// The lenient table's entry for the scalar this conversion reads (an integer, a fraction, a
    /// `Decimal`, a `Bool`), which `.lenient()` reads strings by; nil for a conversion of anything
    /// else, strings included (a boxing that reads strings itself, such as `.decimal`).
    let coercion: Coercion.Target?

    /// `convertInto` calls `convert`: two calls per value. For the rarer conversions.
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convert: @escaping @Sendable (SourceItem, inout ConversionIssues) -> Value?,
        write: SerialWrite<Value>? = nil,
        coerce: (@Sendable (SourceItem) -> SourceItem?)? = nil,
        coercion: Coercion.Target? = nil
    ) {
        self.init(
            typeName: typeName, kinds: kinds, demand: demand, convert: convert,
            convertInto: { value, slot, issues in
                Conversion.store(convert(value, &issues), in: slot)
            }, write: write, coerce: coerce, coercion: coercion)
    }

    /// Both closures given: the common conversions make each from the same concrete reading, so
    /// that the engine's call through `convertInto` is the only one per value.
    /// Without `write`, a value is written back as `JSONValue(converting:)` reads it.
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convert: @escaping @Sendable (SourceItem, inout ConversionIssues) -> Value?,
        convertInto: @escaping @Sendable (SourceItem, UnsafeMutableRawPointer, inout ConversionIssues) -> Bool,
        write: SerialWrite<Value>? = nil,
        coerce: (@Sendable (SourceItem) -> SourceItem?)? = nil,
        coercion: Coercion.Target? = nil
    ) {
        self.typeName = typeName
        self.kinds = kinds
        self.demand = demand
        self.convert = convert
        self.convertInto = convertInto
        self.write = write ?? { value, output, issues in Serializer.writeDynamic(value, &output, &issues) }
        self.coerce = coerce
        self.coercion = coercion
    }

    /// Under `.lenient()`, the value the lenient table reads `item` as (with a `coerced` warning),
    /// which the field's validators then judge; nil when it reads it as it is.
    func coerced(_ item: SourceItem, _ issues: inout ConversionIssues) -> SourceItem? {
        guard let coerce, let coerced = coerce(item) else { return nil }
        issues.addCoerced(from: item, to: typeName)
        return coerced
    }

    /// Hands `body` the value a field stages under `.lenient()`: the coerced one, its warning already
    /// in the issues, or `item` itself.
    func withCoerced(_ item: SourceItem, nesting: Nesting, _ body: (SourceItem, inout ConversionIssues) -> Void) {
        var issues = ConversionIssues(nesting: nesting)
        if let coerced = coerced(item, &issues) { return body(coerced, &issues) }
        body(item, &issues)
    }

    /// Initializes `slot`, uninitialized memory for a `Value`, with `result`; false when it is nil.
    @inline(__always)
    static func store(_ result: Value?, in slot: UnsafeMutableRawPointer) -> Bool {
        guard let result else { return false }
        slot.initializeMemory(as: Value.self, repeating: result, count: 1)
        return true
    }
}

/// Problems found by a conversion, each at a sub-path of the value (`""`, `"[3]"`, `".views"`).
///
/// Scalar conversions only report `type` problems, which concern the property being mapped; a
/// conversion that maps a nested model reports that model's errors, each naming the nested
/// property it concerns.
struct ConversionIssues {
    struct Issue {
        /// Where in the value: `""`, `"[3]"`, `".author.login"`, appended to the field's path.
        var subpath: String
        /// The nested property concerned (`"[3].email"`), appended to the field's property; nil when
        /// the issue concerns the property being mapped itself (an element of `[String]` is `tags`).
        var propertySubpath: String?
        var rule: String
        /// Why, as data.
        var reason: Reason
        /// Whether it comes from a nested model (an error or a warning of that model's own), rather
        /// than from this conversion.
        var isNested = false
        /// The offending value, rendered.
        var value: String?
        /// Set for a warning (of a nested model that mapped) rather than an error.
        var warning: MappingWarning.Kind? = nil
    }

    /// Where in a model graph the value being converted lies: a nested model's conversion maps
    /// the model one level further in.
    let nesting: Nesting
    var list: [Issue] = []

    init(nesting: Nesting) {
        self.nesting = nesting
    }

    /// Empty issues for a part of the value (an element), at the same depth.
    func forPart() -> ConversionIssues {
        ConversionIssues(nesting: nesting)
    }

    mutating func add(_ failure: Failure, value: Any, rule: String = "type", at subpath: String = "") {
        list.append(
            Issue(
                subpath: subpath, propertySubpath: nil, rule: rule, reason: .failure(failure), value: SourceValue.render(value)))
    }

    /// The value is not of the kind `expected` names.
    mutating func addMismatch(_ item: SourceItem, expected: String) {
        add(.typeMismatch(found: item.kind, expected: expected), value: item.value)
    }

    /// The errors of a nested model mapped from the value, each at its own path and property. An
    /// error about the model's source as a whole (not a dictionary, too deep) names the property
    /// holding the model.
    mutating func add(nested errors: [ValidationError]) {
        for error in errors {
            list.append(
                Issue(
                    subpath: Paths.suffix(error.path),
                    propertySubpath: error.path.isEmpty ? "" : Paths.suffix(error.property), rule: error.rule,
                    reason: error.reason, isNested: true, value: error.value))
        }
    }

    /// The warnings of a nested model that mapped, each at its own path and property.
    mutating func add(nestedWarnings warnings: [MappingWarning]) {
        for warning in warnings {
            list.append(
                Issue(
                    subpath: Paths.suffix(warning.path),
                    propertySubpath: warning.path.isEmpty ? "" : Paths.suffix(warning.property), rule: warning.kind.rawValue,
                    reason: warning.reason, isNested: true, value: warning.value, warning: warning.kind))
        }
    }

    /// A string read as a number or a boolean under `.lenient()`: a `coerced` warning.
    mutating func addCoerced(from item: SourceItem, to typeName: String) {
        list.append(
            Issue(
                subpath: "", propertySubpath: nil, rule: MappingWarning.Kind.coerced.rawValue,
                reason: .notice(.coerced(typeName: typeName)), value: SourceValue.render(item.value), warning: .coerced))
    }

    /// An element dropped from an array (`.droppingInvalidElements()`): one `elementDropped` warning
    /// at its index, carrying the errors it had.
    mutating func addDropped(_ element: ConversionIssues, at index: Int, value: Any) {
        let errors = element.errors(path: "", property: "")
        list.append(
            Issue(
                subpath: MappingKey.index(index).subpath, propertySubpath: nil, rule: MappingWarning.Kind.elementDropped.rawValue,
                reason: .notice(.elementDropped(errors: errors)), value: SourceValue.render(value),
                warning: .elementDropped))
    }

    /// The first problem as one failure, naming its sub-path when it lies inside the value.
    var firstFailure: Failure? {
        guard let issue = list.first, !issue.isNested, case let .failure(failure) = issue.reason else { return nil }
        return issue.subpath.isEmpty ? failure : .inside(subpath: issue.subpath, failure)
    }

    /// The issues of a part of the value (an element, a dictionary value), under its component:
    /// the component joins the path, and the property path of a nested model's error.
    mutating func add(_ nested: ConversionIssues, under component: String) {
        for var issue in nested.list {
            issue.subpath = component + issue.subpath
            issue.propertySubpath = issue.propertySubpath.map { component + $0 }
            list.append(issue)
        }
    }

    /// These issues' errors, of a value at `path` written to `property`.
    func errors(path: String, property: String) -> [ValidationError] {
        list.compactMap { issue in
            guard issue.warning == nil else { return nil }
            return ValidationError(
                path: Paths.joined(path, issue.subpath),
                property: issue.propertySubpath.map { Paths.joined(property, $0) } ?? property,
                rule: issue.rule, value: issue.value, reason: issue.reason)
        }
    }

    /// These issues' warnings, of a value at `path` written to `property`.
    func warnings(path: String, property: String) -> [MappingWarning] {
        list.compactMap { issue in
            guard let kind = issue.warning else { return nil }
            return MappingWarning(
                path: Paths.joined(path, issue.subpath),
                property: issue.propertySubpath.map { Paths.joined(property, $0) } ?? property,
                kind: kind, value: issue.value, reason: issue.reason)
        }
    }
}

/// Joins rendered paths (`comments[2]` and `.author.login`), of sources and of properties alike.
enum Paths {
    /// A path as it continues another: `""` stays empty, `[3]…` is kept, `email` becomes `.email`.
    static func suffix(_ path: String) -> String {
        path.isEmpty || path.hasPrefix("[") ? path : "." + path
    }

    /// `prefix` continued by `suffix` (made by `suffix(_:)`); a leading dot is dropped at the root.
    static func joined(_ prefix: String, _ suffix: String) -> String {
        if prefix.isEmpty, suffix.hasPrefix(".") { return String(suffix.dropFirst()) }
        return prefix + suffix
    }

    /// Whether `path` is `parent` or lies inside it (`parent.x`, `parent[2]`).
    static func isUnder(_ path: String, _ parent: String) -> Bool {
        guard path.hasPrefix(parent) else { return false }
        let rest = path.dropFirst(parent.count)
        return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[")
    }

    /// `path`, when it is `parent` or lies inside it, with `parent` replaced by `newParent`;
    /// otherwise `path` as it is.
    static func rebased(_ path: String, from parent: String, to newParent: String) -> String {
        guard isUnder(path, parent) else { return path }
        return newParent + path.dropFirst(parent.count)
    }
}

enum Conversions {
    /// The strict conversion for `Value`: scalars by kind, containers element by element,
    /// optionals accepting null, and any other type by dynamic cast.
    static func make<Value>(_ type: Value.Type) -> Conversion<Value> {
        scalar(Value.self) ?? opened(Value.self) ?? dynamicCast(Value.self)
    }

    /// The conversion of a model, an optional, an array, a `[String: …]`, a set or an enum, made by the
    /// protocol that opens `Value` for the type it opened, which is `Value`.
    private static func opened<Value>(_: Value.Type) -> Conversion<Value>? {
        // Each made for the type it opened, which it only knows as conforming: erased to `Any`.
        func erased<Model: Mappable & ThreadSafeMetatype>(_ model: Model.Type) -> Any { mappable(model) }
        func erased<Model: ImmutableMappable & ThreadSafeMetatype>(_ model: Model.Type) -> Any { immutableMappable(model) }
        func erased<Enum: RawRepresentable & ThreadSafeMetatype>(_ type: Enum.Type) -> Any { rawRepresentable(type) }
        let made: Any? =
            switch Value.self {
            case let model as any (Mappable & ThreadSafeMetatype).Type: erased(model)
            case let model as any (ImmutableMappable & ThreadSafeMetatype).Type: erased(model)
            case let optional as any OptionalConvertible.Type: optional.optionalConversion()
            case let array as any ArrayConvertible.Type: array.arrayConversion()
            case let dictionary as any StringDictionaryConvertible.Type: dictionary.dictionaryConversion()
            case let set as any SetConvertible.Type: set.setConversion()
            case let enumeration as any (RawRepresentable & ThreadSafeMetatype).Type: erased(enumeration)
            default: nil
            }
        return made.flatMap { typed($0) }
    }

    /// A conversion made for `Value` where its type was only known as `Any` (an opened protocol's
    /// `Self`, a `switch` over types), typed again. It was made for `Value` itself, so the cast holds.
    static func typed<Value>(_ made: Any) -> Conversion<Value>? {
        let conversion = made as? Conversion<Value>
        assert(conversion != nil, "a \(type(of: made)) made for \(Value.self)")
        return conversion
    }

    private static func scalar<Value>(_: Value.Type) -> Conversion<Value>? {
        let conversion: Any? =
            switch Value.self {
            case is String.Type: string
            case is Bool.Type: bool
            case is Int.Type: integer(Int.self)
            case is Int8.Type: integer(Int8.self)
            case is Int16.Type: integer(Int16.self)
            case is Int32.Type: integer(Int32.self)
            case is Int64.Type: integer(Int64.self)
            case is UInt.Type: integer(UInt.self)
            case is UInt8.Type: integer(UInt8.self)
            case is UInt16.Type: integer(UInt16.self)
            case is UInt32.Type: integer(UInt32.self)
            case is UInt64.Type: integer(UInt64.self)
            case is Double.Type: double
            case is Float.Type: float
            case is Decimal.Type: decimal
            // The common containers, built here from concrete types so that their code is specialized
            // (the generic versions below look up metadata for every element).
            case is String?.Type: optional(string)
            case is Int?.Type: optional(integer(Int.self))
            case is Double?.Type: optional(double)
            case is Bool?.Type: optional(bool)
            case is [String].Type: strings
            case is [Int].Type: array(integer(Int.self))
            case is [Double].Type: array(double)
            case is [String]?.Type: optional(strings)
            default: nil
            }
        return conversion.flatMap { typed($0) }
    }

    /// `Wrapped?`: null is `nil`, anything else converts as a `Wrapped`.
    static func optional<Wrapped>(_ wrapped: Conversion<Wrapped>) -> Conversion<Wrapped?> {
        Conversion<Wrapped?>(
            typeName: wrapped.typeName + "?", kinds: wrapped.kinds, demand: wrapped.demand,
            convert: { item, issues in
                if item.isNull { return .some(.none) }
                guard let result = wrapped.convert(item, &issues) else { return nil }
                return .some(result)
            },
            convertInto: { item, slot, issues in
                if item.isNull { return Conversion<Wrapped?>.store(.some(.none), in: slot) }
                guard let result = wrapped.convert(item, &issues) else { return false }
                return Conversion<Wrapped?>.store(.some(result), in: slot)
            },
            write: { value, output, issues in
                guard let value else {
                    output.null()
                    return true
                }
                return wrapped.write(value, &output, &issues)
            },
            coerce: wrapped.coerce)
    }

    /// `[Element]`: an array source, element by element; every failing element is reported at its index.
    ///
    /// Each element is converted straight into the new array's storage: generic code returning an
    /// `Element?` would look up that type's metadata for every element.
    static func array<Element>(_ element: Conversion<Element>) -> Conversion<[Element]> {
        let name = "[\(element.typeName)]"
        @Sendable func convertInto(_ item: SourceItem, _ slot: UnsafeMutableRawPointer, _ issues: inout ConversionIssues) -> Bool {
            guard let source = item.indexed else {
                issues.addMismatch(item, expected: name)
                return false
            }
            // An empty array without the initializer: for capacity 0 it writes the count into the
            // standard library's shared empty-array storage, which the Thread Sanitizer reports as a
            // race between threads mapping empty arrays at once.
            guard source.count > 0 else { return Conversion<[Element]>.store([], in: slot) }
            var failed = false
            let result = [Element](unsafeUninitializedCapacity: source.count) { buffer, count in
                source.forEachItem { index, elementItem in
                    var elementIssues = issues.forPart()
                    // `count` never passes `index`, so the element's place is within the capacity.
                    if element.convertInto(elementItem, UnsafeMutableRawPointer(buffer.baseAddress! + count), &elementIssues) {
                        count += 1
                    } else {
                        failed = true
                    }
                    // Its errors, or the warnings of an element that converted (a nested model's).
                    if !elementIssues.list.isEmpty { issues.add(elementIssues, under: MappingKey.index(index).subpath) }
                }
            }
            guard !failed else { return false }
            slot.initializeMemory(as: [Element].self, repeating: result, count: 1)
            return true
        }
        return Conversion<[Element]>(
            typeName: name, kinds: .array, demand: .elements(of: element.demand),
            convert: { item, issues in
                withUnsafeTemporaryAllocation(of: [Element].self, capacity: 1) { buffer in
                    convertInto(item, buffer.baseAddress!, &issues) ? buffer.baseAddress!.move() : nil
                }
            },
            convertInto: convertInto,
            write: { values, output, issues in Serializer.writeElements(values, &output, &issues, element.write) })
    }

    /// `[String]`, the commonest array: a `[String]` (which the JSON reader builds for it) is taken
    /// as it is, and an `[Any]` of Swift strings is read in one pass, without reading each element
    /// for the engine; any other source goes element by element.
    static let strings: Conversion<[String]> = {
        let general = array(string)
        return Conversion<[String]>(typeName: general.typeName, kinds: .array, demand: .strings) { item, issues in
            if let strings = SourceValue.strings(item) { return strings }
            return general.convert(item, &issues)
        } convertInto: { item, slot, issues in
            if let strings = SourceValue.strings(item) {
                return Conversion<[String]>.store(strings, in: slot)
            }
            return Conversion<[String]>.store(general.convert(item, &issues), in: slot)
        } write: { strings, output, _ in
            output.beginArray()
            for string in strings { output.string(string) }
            output.endArray()
            return true
        }
    }()

    static let string = Conversion<String>(
        typeName: "String", kinds: .string,
        convert: { item, issues in readString(item, &issues) },
        convertInto: { item, slot, issues in Conversion<String>.store(readString(item, &issues), in: slot) },
        write: { value, output, _ in
            output.string(value)
            return true
        })

    private static func readString(_ item: SourceItem, _ issues: inout ConversionIssues) -> String? {
        if case let .string(text) = item.scalar { return text }
        issues.addMismatch(item, expected: "String")
        return nil
    }

    static let bool = Conversion<Bool>(
        typeName: "Bool", kinds: .boolean,
        convert: { item, issues in readBool(item, &issues) },
        convertInto: { item, slot, issues in Conversion<Bool>.store(readBool(item, &issues), in: slot) },
        write: { value, output, _ in
            output.bool(value)
            return true
        }, coercion: .boolean)

    private static func readBool(_ item: SourceItem, _ issues: inout ConversionIssues) -> Bool? {
        if case let .bool(flag) = item.scalar { return flag }
        issues.addMismatch(item, expected: "Bool")
        return nil
    }

    static func integer<T: FixedWidthInteger & Sendable>(_: T.Type) -> Conversion<T> {
        let name = String(describing: T.self)
        let expected = "\(name) (\(T.min)...\(T.max))"
        @Sendable func read(_ item: SourceItem, _ issues: inout ConversionIssues) -> T? {
            guard case let .number(number) = item.scalar else {
                issues.addMismatch(item, expected: name)
                return nil
            }
            switch number.integer(as: T.self, typeName: name) {
            case let .success(result): return result
            case let .failure(problem):
                issues.add(problem.failure(expected: problem == .outOfRange ? expected : name), value: item.value)
                return nil
            }
        }
        return Conversion<T>(
            typeName: name, kinds: .number,
            convert: { item, issues in read(item, &issues) },
            convertInto: { item, slot, issues in Conversion<T>.store(read(item, &issues), in: slot) },
            write: { value, output, _ in
                output.integer(value)
                return true
            }, coercion: .integer)
    }

    static let double = Conversion<Double>(
        typeName: "Double", kinds: .number,
        convert: { item, issues in readDouble(item, &issues) },
        convertInto: { item, slot, issues in Conversion<Double>.store(readDouble(item, &issues), in: slot) },
        write: { value, output, issues in Serializer.write(double: value, &output, &issues) }, coercion: .fraction)

    private static func readDouble(_ item: SourceItem, _ issues: inout ConversionIssues) -> Double? {
        guard case let .number(number) = item.scalar else {
            issues.addMismatch(item, expected: "Double")
            return nil
        }
        switch number.finiteDouble {
        case let .success(result): return result
        case let .failure(problem):
            issues.add(problem.failure(expected: "Double"), value: item.value)
            return nil
        }
    }

    static let float = Conversion<Float>(
        typeName: "Float", kinds: .number,
        convert: { item, issues in readFloat(item, &issues) },
        convertInto: { item, slot, issues in Conversion<Float>.store(readFloat(item, &issues), in: slot) },
        // Widened exactly: the double's shortest text reads back as the same `Float`.
        write: { value, output, issues in Serializer.write(double: Double(value), &output, &issues) }, coercion: .fraction)

    private static func readFloat(_ item: SourceItem, _ issues: inout ConversionIssues) -> Float? {
        guard case let .number(number) = item.scalar else {
            issues.addMismatch(item, expected: "Float")
            return nil
        }
        switch number.finiteDouble {
        case let .success(result):
            let narrowed = Float(result)
            if narrowed.isFinite { return narrowed }
            issues.add(.outOfRange(expected: "Float (±\(Float.greatestFiniteMagnitude))"), value: item.value)
            return nil
        case let .failure(problem):
            issues.add(problem.failure(expected: "Float"), value: item.value)
            return nil
        }
    }

    /// Read from JSON as its exact digits (`.exactNumbers`), as `.decimal` reads them.
    static let decimal = Conversion<Decimal>(
        typeName: "Decimal", kinds: .number, demand: .exactNumbers,
        convert: { item, issues in readDecimal(item, &issues) },
        convertInto: { item, slot, issues in Conversion<Decimal>.store(readDecimal(item, &issues), in: slot) },
        write: { value, output, issues in Serializer.write(decimal: value, &output, &issues) }, coercion: .decimal)

    private static func readDecimal(_ item: SourceItem, _ issues: inout ConversionIssues) -> Decimal? {
        guard case let .number(number) = item.scalar else {
            issues.addMismatch(item, expected: "Decimal")
            return nil
        }
        switch DecimalText.reading(of: number, value: item.value) {
        case let .decimal(value):
            return value
        case let .notExact(digits):
            issues.add(.inexactDecimal(significantDigits: digits, maximumDigits: DecimalText.maximumDigits), value: item.value)
        case .nonFinite, .notANumber:
            issues.add(.nonFinite(expected: "Decimal"), value: item.value)
        }
        return nil
    }

    /// Any other type (a protocol, `Any`, a class) takes the value by dynamic cast.
    static func dynamicCast<Value>(_: Value.Type) -> Conversion<Value> {
        let name = TypeName.of(Value.self)
        return Conversion<Value>(typeName: name, kinds: .all) { item, issues in
            if let result = item.value as? Value { return result }
            issues.addMismatch(item, expected: name)
            return nil
        }
    }
}

// MARK: Generic containers, opened through protocols on the standard types

protocol OptionalConvertible: ExpressibleByNilLiteral, ThreadSafeMetatype {
    static var wrappedTypeName: String { get }
    /// `nil` of this type.
    static var nilValue: Any { get }
    /// A `Conversion<Self>` that turns null into `nil`.
    static func optionalConversion() -> Any
    /// Whether this value is `nil`.
    var isNone: Bool { get }
    /// Moves the wrapped value into `slot`, uninitialized memory for it; false, leaving the slot
    /// as it was, when this is `nil`.
    consuming func moveWrapped(into slot: UnsafeMutableRawPointer) -> Bool
}

// `initializeNil` and `isNil` are the protocol's own, not `Optional`'s: called on the metatype, a
// protocol extension's method is handed the metadata of `Self`, where a method of `Optional` would
// look up `Optional<Wrapped>` again on every call (and a closure made in a generic context too).
extension OptionalConvertible {
    /// Initializes `slot`, uninitialized memory for this type, to `nil`.
    static func initializeNil(_ slot: UnsafeMutableRawPointer) {
        slot.initializeMemory(as: Self.self, repeating: nil, count: 1)
    }

    /// Whether `value`, a pointer to a value of this type, points to `nil`.
    static func isNil(_ value: UnsafeRawPointer) -> Bool {
        value.assumingMemoryBound(to: Self.self).pointee.isNone
    }
}

extension Optional: OptionalConvertible {
    static var wrappedTypeName: String { TypeName.of(Wrapped.self) }
    static var nilValue: Any { Optional<Wrapped>.none as Any }

    static func optionalConversion() -> Any {
        Conversions.optional(Conversions.make(Wrapped.self))
    }

    var isNone: Bool {
        if case .none = self { true } else { false }
    }

    consuming func moveWrapped(into slot: UnsafeMutableRawPointer) -> Bool {
        guard let value = consume self else { return false }
        slot.initializeMemory(as: Wrapped.self, repeating: value, count: 1)
        return true
    }
}

protocol ArrayConvertible {
    static var elementTypeName: String { get }
    static func arrayConversion() -> Any
}

extension Array: ArrayConvertible {
    static var elementTypeName: String { TypeName.of(Element.self) }

    static func arrayConversion() -> Any {
        Conversions.array(Conversions.make(Element.self))
    }
}

protocol StringDictionaryConvertible {
    static var valueTypeName: String { get }
    static func dictionaryConversion() -> Any
}

extension Dictionary: StringDictionaryConvertible where Key == String {
    static var valueTypeName: String { TypeName.of(Value.self) }

    static func dictionaryConversion() -> Any {
        Conversions.dictionary(Conversions.make(Value.self))
    }
}

extension Conversions {
    /// `[String: Value]`, value by value; every failing value is reported at its key, in key order.
    static func dictionary<Value>(_ element: Conversion<Value>) -> Conversion<[String: Value]> {
        let name = "[String: \(element.typeName)]"
        return Conversion<[String: Value]>(typeName: name, kinds: .object, demand: .values(of: element.demand)) { item, issues in
            guard let source = item.keyed else {
                issues.addMismatch(item, expected: name)
                return nil
            }
            var result: [String: Value] = [:]
            result.reserveCapacity(source.count)
            var reports: [(key: String, issues: ConversionIssues)] = []
            var failed = false
            source.forEach { key, value in
                var elementIssues = issues.forPart()
                if let converted = element.convert(SourceItem(value), &elementIssues) {
                    result[key] = converted
                } else {
                    failed = true
                }
                // Its errors, or the warnings of a value that converted (a nested model's).
                if !elementIssues.list.isEmpty { reports.append((key, elementIssues)) }
            }
            // Dictionaries have no order; report by key so the error list is deterministic.
            for report in reports.sorted(by: { $0.key < $1.key }) {
                issues.add(report.issues, under: MappingKey.key(report.key).subpath)
            }
            return failed ? nil : result
        } write: { dictionary, output, issues in
            output.beginObject()
            var written = true
            let members = output.sortingKeys ? dictionary.sorted { JSONWriter.compareUTF8($0.key, $1.key) < 0 } : Array(dictionary)
            for (key, value) in members {
                output.key(key)
                var valueIssues = issues.forPart()
                if !element.write(value, &output, &valueIssues) {
                    written = false
                    issues.add(valueIssues, under: MappingKey.key(key).subpath)
                }
            }
            output.endObject()
            return written
        }
    }
}

// MARK: Lossy arrays

/// `[Element]` and `[Element]?`, for `.droppingInvalidElements()`.
protocol LossyArrayConvertible {
    /// A `Conversion<Self>` that drops each element that fails.
    static func lossyConversion() -> Any?
}

extension Array: LossyArrayConvertible {
    static func lossyConversion() -> Any? {
        Conversions.lossyArray(Conversions.make(Element.self))
    }
}

extension Optional: LossyArrayConvertible where Wrapped: LossyArrayConvertible {
    static func lossyConversion() -> Any? {
        Wrapped.lossyConversion().flatMap { Conversions.typed($0) as Conversion<Wrapped>? }.map { Conversions.optional($0) as Any }
    }
}

extension Conversions {
    /// `[Element]` from an array, each element that fails dropped with an `elementDropped` warning
    /// (at its index, carrying its errors) rather than failing the array. A value that is not an
    /// array still fails.
    static func lossyArray<Element>(_ element: Conversion<Element>) -> Conversion<[Element]> {
        let strict = array(element)
        return Conversion<[Element]>(
            typeName: strict.typeName, kinds: .array, demand: strict.demand,
            convert: { item, issues in
                guard let source = item.indexed else {
                    issues.addMismatch(item, expected: strict.typeName)
                    return nil
                }
                var result: [Element] = []
                result.reserveCapacity(source.count)
                source.forEachItem { index, elementItem in
                    var elementIssues = issues.forPart()
                    if let converted = element.convert(elementItem, &elementIssues) {
                        result.append(converted)
                        if !elementIssues.list.isEmpty { issues.add(elementIssues, under: MappingKey.index(index).subpath) }
                    } else {
                        issues.addDropped(elementIssues, at: index, value: elementItem.value)
                    }
                }
                return result
            }, write: strict.write)
    }
}
