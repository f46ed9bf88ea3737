import Foundation

extension JSONValue {
    /// The tree for a Foundation value (what `Mapper.serialize` returns), read as the engine reads (`SourceValue`):
    /// exact type first, so a boolean `NSNumber` (which Linux also casts to `Int`) stays a boolean; a dictionary's keys
    /// in its own order, numbers exactly. Anything else is `notJSONValue` at its path, NaN and infinities
    /// `nonFinite`, containers deeper than `JSONWriter.maximumDepth` or the stack allows (or cyclic) `tooDeep`.
    init(converting value: Any, floor: UInt = JSONWriter.stackFloor()) throws(JSONWriteError) {
        do {
            self = try Self.converting(value, depth: 0, floor: floor)
        } catch {
            throw error.error
        }
    }

    private static func converting(_ value: Any, depth: Int, floor: UInt) throws(PendingWriteFailure) -> JSONValue {
        let type = SourceValue.typeID(of: value)
        if type == SourceValue.stringType { return .string(value as! String) }
        if type == SourceValue.intType { return .int(Int64(value as! Int)) }
        if type == SourceValue.doubleType { return try finite(double: value as! Double) }
        if type == SourceValue.boolType { return .bool(value as! Bool) }
        if type == SourceValue.nullType { return .null }
        if type == SourceValue.booleanType { return .bool((value as! NSNumber).boolValue) }
        if type == SourceValue.numberType { return try number(SourceValue.number(fromNumber: value as! NSNumber)) }
        if type == SourceValue.dictionaryType {
            return try object(value as! [String: Any], depth: depth, floor: floor)
        }
        if type == SourceValue.arrayType { return try array(.array(value as! [Any]), depth: depth, floor: floor) }
        return try convertingOther(value, depth: depth, floor: floor)
    }

    /// Values of the less common types, told apart by casts once the exact types above are ruled out.
    private static func convertingOther(_ value: Any, depth: Int, floor: UInt) throws(PendingWriteFailure) -> JSONValue {
        // An `Optional`'s or an `AnyHashable`'s value (nil as null), as the engine reads it.
        let unwrapped = SourceValue.unwrapped(value)
        if SourceValue.typeID(of: unwrapped) != SourceValue.typeID(of: value) {
            return try converting(unwrapped, depth: depth, floor: floor)
        }
        if SourceValue.isObject(value) {
            // Foundation objects (subclasses included); never cast a Swift value to a class, which bridges it.
            if value is NSNull { return .null }
            if let text = value as? NSString { return .string(text as String) }
            if let decimal = value as? NSDecimalNumber { return try finite(decimal: decimal.decimalValue) }
            // A boolean's exact class was taken above.
            if let number = value as? NSNumber { return try self.number(SourceValue.number(fromNumber: number)) }
        } else if let decimal = value as? Decimal {
            return try finite(decimal: decimal)  // exact: `SourceValue.number` would round it
        } else if let number = SourceValue.number(value) {
            return try self.number(number)
        }
        if let keyed = SourceValue.keyed(value) {
            switch keyed {
            case let .dictionary(dictionary):
                return try object(dictionary, depth: depth, floor: floor)
            case let .other(container):
                var members: [(key: String, value: Any)] = []
                members.reserveCapacity(container.count)
                container.forEachStringKey { members.append(($0, $1)) }
                // A key of another type (an `[AnyHashable: Any]`'s `1`) would be lost: refuse the container.
                guard members.count == container.count else {
                    throw PendingWriteFailure(.notJSONValue(typeName: TypeName.of(Swift.type(of: value))))
                }
                return try object(members, depth: depth, floor: floor)
            }
        }
        if let indexed = SourceValue.indexed(value) { return try array(indexed, depth: depth, floor: floor) }
        throw PendingWriteFailure(.notJSONValue(typeName: TypeName.of(Swift.type(of: value))))
    }

    private static func array(_ array: IndexedSource, depth: Int, floor: UInt) throws(PendingWriteFailure) -> JSONValue {
        guard JSONWriter.mayOpen(atDepth: depth, above: floor) else { throw PendingWriteFailure(.tooDeep) }
        var elements: [JSONValue] = []
        elements.reserveCapacity(array.count)
        for index in 0..<array.count {
            do {
                elements.append(try converting(array[index], depth: depth + 1, floor: floor))
            } catch {
                throw error.inside(.index(index))
            }
        }
        return .array(elements)
    }

    private static func object<Members: Collection<(key: String, value: Any)>>(
        _ source: Members,
        depth: Int, floor: UInt
    ) throws(PendingWriteFailure) -> JSONValue {
        guard JSONWriter.mayOpen(atDepth: depth, above: floor) else { throw PendingWriteFailure(.tooDeep) }
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(source.count)
        for (key, member) in source {
            do {
                members.append((key, try converting(member, depth: depth + 1, floor: floor)))
            } catch {
                throw error.inside(.key(key))
            }
        }
        return .object(members)
    }

    private static func finite(double value: Double) throws(PendingWriteFailure) -> JSONValue {
        if let problem = NonFiniteNumber(value) { throw PendingWriteFailure(.nonFinite(problem)) }
        return .double(value)
    }

    private static func finite(decimal value: Decimal) throws(PendingWriteFailure) -> JSONValue {
        guard value.isFinite else { throw PendingWriteFailure(.nonFinite(.nan)) }
        return .decimal(value)
    }

    private static func number(_ number: SourceNumber) throws(PendingWriteFailure) -> JSONValue {
        switch number {
        case let .int(value): return .int(value)
        case let .uint(value): return .uint(value)
        case let .double(value), let .fraction(value): return try finite(double: value)
        case let .wide(digits), let .preciseFraction(digits): return try finite(decimal: Decimal(string: digits) ?? .nan)
        }
    }
}
