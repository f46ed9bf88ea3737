extension PropertyDescriptor {
    /// Maps an array property element by element, dropping each element that fails instead of failing the array:
    ///
    /// `"tags": .property(\.tags).droppingInvalidElements()`. Each dropped element is an `elementDropped` warning at
    /// its index (`tags[2]`) carrying its errors. A non-array still fails, and validators judge the source array.
    /// Only for a `.property` of array or optional array type; otherwise a definition error.
    public func droppingInvalidElements() -> Self {
        modifyingField(.droppingInvalidElements)
            ?? adding(Validator(rule: "droppingInvalidElements", judges: .all, problem: .droppingWithoutArray) { _ in nil })
    }
}
