extension Conversions {
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
                if item.isNull { return slot.store(.some(.none)) }
                guard let result = wrapped.convert(item, &issues) else { return false }
                return slot.store(.some(result))
            },
            write: { value, output, issues in
                guard let value else {
                    output.null()
                    return true
                }
                return wrapped.write(value, &output, &issues)
            },
            appliedCoercion: wrapped.appliedCoercion,
            forms: ContainerForms(
                lenient: { Conversions.lenient(wrapped).map { optional($0) } },
                lossy: wrapped.forms?.lossy.map { lossy in { @Sendable lenient in optional(lossy(lenient)) } }))
    }

    /// `[Element]`, each failing element reported at its index. Elements convert straight into the new array's storage:
    /// generic code returning an `Element?` would look up its metadata for every element.
    static func array<Element>(_ element: Conversion<Element>) -> Conversion<[Element]> {
        let name = "[\(element.typeName)]"
        @Sendable func convertInto(_ item: SourceItem, _ slot: ValueSlot<[Element]>, _ issues: inout ConversionIssues) -> Bool {
            guard let source = item.indexed else {
                issues.addMismatch(item, expected: name)
                return false
            }
            // Not through `filling`: at capacity 0 it writes the count into the shared empty-array storage, which the
            // Thread Sanitizer reports as a race between threads.
            guard source.count > 0 else { return slot.store([]) }
            var failed = false
            var refusedForDepth = false
            let result = [Element].filling(capacity: source.count) { slots in
                source.forEachItem { index, elementItem in
                    guard !refusedForDepth else { return }
                    var elementIssues = issues.forPart()
                    // Kept elements never outnumber the items read: each slot is within the capacity.
                    if element.convertInto(elementItem, slots.next(), &elementIssues) {
                        slots.keep()
                    } else {
                        failed = true
                        refusedForDepth = elementIssues.refusedForDepth
                    }
                    // Its errors, or a nested model's warnings.
                    if !elementIssues.list.isEmpty { issues.add(elementIssues, under: MappingKey.index(index).subpath) }
                }
            }
            guard !failed else { return false }
            slot.initialize(to: result)
            return true
        }
        return Conversion<[Element]>(
            typeName: name, kinds: .array, demand: .elements(of: element.demand),
            convertInto: convertInto,
            write: { values, output, issues in Serializer.writeElements(values, &output, &issues, element.write) },
            forms: ContainerForms(
                lenient: { Conversions.lenient(element).map { array($0) } },
                lossy: { lenient in lossyArray(lenient ? Conversions.lenient(element) ?? element : element) }))
    }

    /// `[String]`, the commonest array: a `[String]` is taken as it is, an `[Any]` of strings read in one pass, else each.
    static let strings: Conversion<[String]> = {
        let general = array(string)
        return Conversion<[String]>(
            typeName: general.typeName, kinds: .array, demand: .strings,
            convert: { item, issues in
                if let strings = SourceValue.strings(item) { return strings }
                return general.convert(item, &issues)
            },
            convertInto: { item, slot, issues in
                if let strings = SourceValue.strings(item) { return slot.store(strings) }
                return slot.store(general.convert(item, &issues))
            },
            write: { strings, output, _ in
                output.beginArray()
                for string in strings { output.string(string) }
                output.endArray()
                return true
            }, forms: general.forms)
    }()
}

// MARK: Generic containers, opened through protocols on the standard types

/// A standard container (optional, array, `[String: …]`, set), opened for `Conversions.make`.
protocol ContainerConvertible {
    /// A `Conversion<Self>`, made from its element's; nil when the elements' conformances cannot be used from any thread.
    static func containerConversion() -> Any?
}

protocol OptionalConvertible: ContainerConvertible, ExpressibleByNilLiteral, ThreadSafeMetatype {
    static var wrappedType: Any.Type { get }
    static var nilValue: Any { get }
    var isNone: Bool { get }
    /// The wrapped value, for the engine to see through an `Optional` stored in an `Any`.
    var wrappedValue: Any? { get }
    /// Moves the wrapped value into `slot` (for a `Wrapped`); false, the slot untouched, when `nil`.
    consuming func moveWrapped<Target>(into slot: ValueSlot<Target>) -> Bool
}

// `initializeNil` and `nilTest` are the protocol's, not `Optional`'s: called on the metatype they get `Self`'s metadata,
// where `Optional`'s methods (or a closure made in generic code) would look `Optional<Wrapped>` up on every call.
extension OptionalConvertible {
    /// Sets `slot`, for this very type, to `nil`.
    static func initializeNil<Same>(_ slot: ValueSlot<Same>) {
        slot.same(as: Self.self).initialize(to: nil)
    }

    /// Whether a `Same` (this very type) is `nil`: cast once, then called without a cast; nil when `Same` is another type.
    static func nilTest<Same>(for _: Same.Type) -> (@Sendable (Same) -> Bool)? {
        let test: @Sendable (Self) -> Bool = { $0.isNone }
        return test as? @Sendable (Same) -> Bool
    }
}

extension Optional: OptionalConvertible, SugaredType {
    static var wrappedType: Any.Type { Wrapped.self }
    static var sugaredName: String { TypeName.of(Wrapped.self) + "?" }
    static var nilValue: Any { Optional<Wrapped>.none as Any }

    /// Null turns into `nil`.
    static func containerConversion() -> Any? {
        Conversions.optional(Conversions.make(Wrapped.self))
    }

    var isNone: Bool { self == nil }

    var wrappedValue: Any? { self.map { $0 as Any } }

    consuming func moveWrapped<Target>(into slot: ValueSlot<Target>) -> Bool {
        guard let value = consume self else { return false }
        slot.same(as: Wrapped.self).initialize(to: value)
        return true
    }
}

extension Array: ContainerConvertible, SugaredType {
    static var sugaredName: String { "[\(TypeName.of(Element.self))]" }

    static func containerConversion() -> Any? {
        Conversions.array(Conversions.make(Element.self))
    }
}

extension Dictionary: ContainerConvertible, SugaredType where Key == String {
    static var sugaredName: String { "[String: \(TypeName.of(Value.self))]" }

    static func containerConversion() -> Any? {
        Conversions.dictionary(Conversions.make(Value.self))
    }
}

extension Conversions {
    /// `[String: Value]`, value by value; every failing value is reported at its key, in key order.
    static func dictionary<Value>(_ element: Conversion<Value>) -> Conversion<[String: Value]> {
        let name = "[String: \(element.typeName)]"
        return Conversion<[String: Value]>(
            typeName: name, kinds: .object, demand: .values(of: element.demand),
            convert: { item, issues in
                guard let source = item.keyed else {
                    issues.addMismatch(item, expected: name)
                    return nil
                }
                if !source.otherKeys.isEmpty {
                    // A key that is not a string (an `NSDictionary`'s `1`) has no place in the result: one error, no entry lost.
                    issues.add(.keyNotAString(expected: name), value: item.value)
                    return nil
                }
                var result: [String: Value] = [:]
                result.reserveCapacity(source.count)
                var reports: [(key: String, issues: ConversionIssues)] = []
                var failed = false
                var refusedForDepth = false
                source.forEach { key, value in
                    guard !refusedForDepth else { return }
                    var elementIssues = issues.forPart()
                    if let converted = element.convert(SourceItem(value), &elementIssues) {
                        result[key] = converted
                    } else {
                        failed = true
                        refusedForDepth = elementIssues.refusedForDepth
                    }
                    // Its errors, or a nested model's warnings.
                    if !elementIssues.list.isEmpty { reports.append((key, elementIssues)) }
                }
                // By key: the error list is deterministic.
                for report in reports.sorted(by: { $0.key < $1.key }) {
                    issues.add(report.issues, under: MappingKey.key(report.key).subpath)
                }
                return failed ? nil : result
            },
            write: { dictionary, output, issues in
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
            }, forms: ContainerForms(lenient: { Conversions.lenient(element).map { dictionary($0) } }))
    }
}
