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
                var failsWhole = false
                source.forEachItem { index, elementItem in
                    guard !failsWhole else { return }
                    var elementIssues = issues.forPart()
                    if let converted = element.convert(elementItem, &elementIssues) {
                        result.append(converted)
                        if !elementIssues.list.isEmpty { issues.add(elementIssues, under: MappingKey.index(index).subpath) }
                    } else if elementIssues.list.contains(where: \.reason.isBeyondTheValue) {
                        // A mistake in a nested mapping, or a cycle, is never one element's failure.
                        issues.add(elementIssues, under: MappingKey.index(index).subpath)
                        failsWhole = true
                    } else {
                        let dropped = Notice.elementDropped(errors: elementIssues.errors(path: "", property: ""))
                        issues.add(dropped, value: elementItem.value, at: MappingKey.index(index).subpath)
                    }
                }
                return failsWhole ? nil : result
            }, write: strict.write,
            forms: ContainerForms(lenient: { Conversions.lenient(element).map { lossyArray($0) } }, lossy: strict.forms?.lossy))
    }
}
