import Foundation
import Testing

/// The commonest mistakes fail to compile with a message that says what is wrong (the unavailable
/// overloads of Descriptors/Misuse.swift and Mapper+Misuse.swift), and their corrections compile.
/// Each program is type-checked on its own against the PropertyMapper module SwiftPM built.
@Suite struct CompileDiagnosticsTests {
    /// What every program starts with: a class model, a struct model and their mappings.
    static let prelude = #"""
        import Foundation
        import PropertyMapper

        enum VideoType: String { case live, clip }

        final class Video {
            var name = ""
            var link: URL?
            var mirrors: [URL] = []
            var type: VideoType?
            var kind = VideoType.live

            func videoType(from string: String) -> VideoType? { VideoType(rawValue: string) }
            func name(of type: VideoType) -> String { type.rawValue }
        }

        struct Header {
            var name = ""
        }

        let headerMapping: Mapping<Header> = ["name": .property(\.name)]
        let json = #"{"name": "a"}"#
        var warnings: [MappingWarning] = []

        """#

    /// One mistake: the code that makes it, the message it must get, and the code that corrects it.
    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var wrong: String
        var message: String
        var corrected: String

        var testDescription: String { name }
    }

    static let boxMessage = """
        'box' is unavailable: the boxing produces another type than the property holds: a Boxing<T> fills a property \
        of type T, T?, [T] or [T]? (.url fills URL, .date Date, .uuid UUID, .decimal Decimal, .base64 Data); use a \
        boxing of the property's type, or .property(\\.x) when the source value already has it
        """

    static let callMessage = """
        'call(_:_:reverse:)' is unavailable: call takes a method of the model, written Model.method(from:), and runs it \
        on the instance being mapped; an enum with a raw value needs no call: .property(\\.x) maps it by its raw value; \
        for another conversion of the value alone, write a Boxing and use .box(_:_:)
        """

    /// A struct passed to `function` without `&`: `call`, written with `to: &header` (the correction),
    /// made with `to: header`; its message quotes `usage`. `source` names the input when the function
    /// takes several kinds.
    static func structWithoutAmpersand(_ function: String, _ call: String, source: String? = nil, usage: String) -> Mistake {
        let corrected = "var header = Header()\ntry Mapper.\(call)"
        return Mistake(
            name: "struct without & to \(function)" + (source.map { " with \($0)" } ?? ""),
            wrong: corrected.replacingOccurrences(of: "to: &header", with: "to: header"),
            message: structMessage(function, usage), corrected: corrected)
    }

    static func structMessage(_ name: String, _ example: String) -> String {
        "'\(name)' is unavailable: a struct is mapped in place through inout: pass it with &, as in \(example) (only a class instance is passed without &)"
    }

    static let mistakes = [
        Mistake(
            name: "box into a property of another type",
            wrong: #"let mapping: Mapping<Video> = ["name": .box(.url, \.name)]"#,
            message: boxMessage,
            corrected: #"let mapping: Mapping<Video> = ["name": .property(\.name), "link": .box(.url, \.link)]"#),
        Mistake(
            name: "box into a property of another type, in a chain",
            wrong: #"let mapping: Mapping<Video> = ["name": .box(.url, \.name).isRequired().lengthRange(1, 80)]"#,
            message: boxMessage,
            corrected: #"let mapping: Mapping<Video> = ["name": .property(\.name).isRequired().lengthRange(1, 80)]"#),
        Mistake(
            name: "box of another type into an array property",
            wrong: #"let mapping: Mapping<Video> = ["mirrors": .box(.date, \.mirrors)]"#,
            message: boxMessage,
            corrected: #"let mapping: Mapping<Video> = ["mirrors": .box(.url, \.mirrors)]"#),
        structWithoutAmpersand(
            "mapValues(from:to:using:)", #"mapValues(from: ["name": "a"], to: &header, using: headerMapping)"#,
            usage: "Mapper.mapValues(from: json, to: &value, using: mapping)"),
        structWithoutAmpersand(
            "mapValues(fromJSON:to:using:)", "mapValues(fromJSON: Data(json.utf8), to: &header, using: headerMapping)", source: "Data",
            usage: "Mapper.mapValues(fromJSON: data, to: &value, using: mapping)"),
        structWithoutAmpersand(
            "mapValues(fromJSON:to:using:)", "mapValues(fromJSON: json, to: &header, using: headerMapping)", source: "a String",
            usage: "Mapper.mapValues(fromJSON: text, to: &value, using: mapping)"),
        structWithoutAmpersand(
            "mapValues(from:to:using:warnings:)",
            #"mapValues(from: ["name": "a"], to: &header, using: headerMapping, warnings: &warnings)"#,
            usage: "Mapper.mapValues(from: json, to: &value, using: mapping, warnings: &warnings)"),
        structWithoutAmpersand(
            "mapValues(fromJSON:to:using:warnings:)",
            "mapValues(fromJSON: Data(json.utf8), to: &header, using: headerMapping, warnings: &warnings)", source: "Data",
            usage: "Mapper.mapValues(fromJSON: data, to: &value, using: mapping, warnings: &warnings)"),
        structWithoutAmpersand(
            "mapValues(fromJSON:to:using:warnings:)", "mapValues(fromJSON: json, to: &header, using: headerMapping, warnings: &warnings)",
            source: "a String", usage: "Mapper.mapValues(fromJSON: text, to: &value, using: mapping, warnings: &warnings)"),
        Mistake(
            name: "call with an enum's init(rawValue:)",
            wrong: #"let mapping: Mapping<Video> = ["videoType": .call(VideoType.init(rawValue:), \.type)]"#,
            message: callMessage,
            corrected: #"let mapping: Mapping<Video> = ["videoType": .property(\.type)]"#),
        Mistake(
            name: "call with a closure literal",
            wrong: #"let mapping: Mapping<Video> = ["kind": .call({ VideoType(rawValue: $0) }, \.kind)]"#,
            message: callMessage,
            corrected: #"let mapping: Mapping<Video> = ["kind": .property(\.kind), "videoType": .call(Video.videoType(from:), \.type)]"#),
        Mistake(
            name: "call with typed closures, reverse: included",
            wrong:
                #"let mapping: Mapping<Video> = ["videoType": .call({ (text: String) in VideoType(rawValue: text) }, \.type, reverse: { $0.rawValue })]"#,
            message: callMessage,
            corrected: #"let mapping: Mapping<Video> = ["videoType": .call(Video.videoType(from:), \.type, reverse: Video.name(of:))]"#),
    ]

    /// Where the mistake is reported: its own line, after the prelude.
    static let file = "Mistake.swift"

    @Test(arguments: mistakes)
    func mistakeGetsItsMessage(mistake: Mistake) throws {
        let diagnostics = try Toolchain.diagnostics(compiling: Self.prelude + mistake.wrong, reportedAs: Self.file)
        // One root cause, one error, on the mistake's line.
        let errors = diagnostics.split(separator: "\n").filter { $0.hasPrefix("\(Self.file):") && $0.contains(": error: ") }
        #expect(errors.count == 1, "\(diagnostics)")
        #expect(errors.first?.hasPrefix("\(Self.file):\(Self.mistakeLine(mistake.wrong)):") == true, "\(diagnostics)")
        #expect(errors.first?.hasSuffix("error: \(mistake.message)") == true, "\(diagnostics)")
    }

    @Test(arguments: mistakes)
    func correctionCompiles(mistake: Mistake) {
        // A failure carries the compiler's output.
        #expect(throws: Never.self) { try Toolchain.compile(main: Self.prelude + mistake.corrected, reportedAs: Self.file) }
    }

    /// The line of the mistake's last statement (the call that is wrong), counted from the prelude's first.
    static func mistakeLine(_ wrong: String) -> Int {
        prelude.split(separator: "\n", omittingEmptySubsequences: false).count - 1 + wrong.split(separator: "\n").count
    }
}
