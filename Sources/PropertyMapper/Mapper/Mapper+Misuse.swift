import Foundation

// Unavailable overloads for a struct passed to `mapValues` without `&`: their message replaces
// "requires that 'Header' conform to 'AnyObject'" (Diagnostics/CompileDiagnosticsTests.swift).

extension Mapper {
    @available(
        *, unavailable,
        message:
            "a struct is mapped in place through inout: pass it with &, as in Mapper.mapValues(from: json, to: &value, using: mapping) (only a class instance is passed without &)"
    )
    public static func mapValues<Root>(from source: Any?, to target: Root, using mapping: Mapping<Root>) throws(MappingError) {
        fatalError("unavailable")
    }

    @available(
        *, unavailable,
        message:
            "a struct is mapped in place through inout: pass it with &, as in Mapper.mapValues(fromJSON: data, to: &value, using: mapping) (only a class instance is passed without &)"
    )
    public static func mapValues<Root>(fromJSON json: Data, to target: Root, using mapping: Mapping<Root>) throws(MappingError) {
        fatalError("unavailable")
    }

    @available(
        *, unavailable,
        message:
            "a struct is mapped in place through inout: pass it with &, as in Mapper.mapValues(fromJSON: text, to: &value, using: mapping) (only a class instance is passed without &)"
    )
    public static func mapValues<Root>(fromJSON json: String, to target: Root, using mapping: Mapping<Root>) throws(MappingError) {
        fatalError("unavailable")
    }

    @available(
        *, unavailable,
        message:
            "a struct is mapped in place through inout: pass it with &, as in Mapper.mapValues(from: json, to: &value, using: mapping, warnings: &warnings) (only a class instance is passed without &)"
    )
    public static func mapValues<Root>(
        from source: Any?, to target: Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        fatalError("unavailable")
    }

    @available(
        *, unavailable,
        message:
            "a struct is mapped in place through inout: pass it with &, as in Mapper.mapValues(fromJSON: data, to: &value, using: mapping, warnings: &warnings) (only a class instance is passed without &)"
    )
    public static func mapValues<Root>(
        fromJSON json: Data, to target: Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        fatalError("unavailable")
    }

    @available(
        *, unavailable,
        message:
            "a struct is mapped in place through inout: pass it with &, as in Mapper.mapValues(fromJSON: text, to: &value, using: mapping, warnings: &warnings) (only a class instance is passed without &)"
    )
    public static func mapValues<Root>(
        fromJSON json: String, to target: Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        fatalError("unavailable")
    }
}
