import MockBasics

/// Short reads for assertions on replies.
extension JSONValue {
    package subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }
    package var string: String? { stringValue }
    package var number: Double? { doubleValue }
    package var array: [JSONValue]? { arrayValue }
    package var keys: Set<String> { Set(objectValue?.keys.map { $0 } ?? []) }
}
