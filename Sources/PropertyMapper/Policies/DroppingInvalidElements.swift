extension PropertyDescriptor {
    /// Maps an array property element by element, dropping each element that fails instead of
    /// failing the array:
    ///
    ///     "tags": .property(\.tags).droppingInvalidElements()
    ///
    /// Each dropped element is one `elementDropped` warning at its index (`tags[2]`), carrying its
    /// errors; the other elements are kept in order. A value that is not an array still fails, and
    /// the node's validators still judge the source array. Only for a `.property` whose type is an
    /// array or an optional array; anything else is a definition error.
    public func droppingInvalidElements() -> Self {
        if case let .field(field) = node, let lossy = field.modified(.droppingInvalidElements) {
            return replacingField(lossy)
        }
        return adding(Validator(rule: "droppingInvalidElements", judges: .all, problem: .droppingWithoutArray) { _ in nil })
    }
}
