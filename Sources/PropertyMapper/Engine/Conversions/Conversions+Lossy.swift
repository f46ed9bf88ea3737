/// `[Element]` and `[Element]?`, for `.droppingInvalidElements()`.
protocol LossyArrayConvertible {
    /// A `Conversion<Self>` dropping each element that fails; with `lenient`, elements the table covers read strings by it.
    static func lossyConversion(lenient: Bool) -> Any?
}

extension Array: LossyArrayConvertible {
    static func lossyConversion(lenient: Bool) -> Any? {
        let strict = Conversions.make(Element.self)
        return Conversions.lossyArray(lenient ? Conversions.lenient(strict) ?? strict : strict)
    }
}

extension Optional: LossyArrayConvertible where Wrapped: LossyArrayConvertible {
    static func lossyConversion(lenient: Bool) -> Any? {
        Wrapped.lossyConversion(lenient: lenient).flatMap { Conversions.typed($0) as Conversion<Wrapped>? }.map {
            Conversions.optional($0) as Any
        }
    }
}

extension Conversions {
    /// `[Element]`, each element that fails dropped (an `elementDropped` warning); a value that is not an array still fails.
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
