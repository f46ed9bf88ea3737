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
        Mistake(
            name: "struct without & to mapValues(from:to:using:)",
            wrong: "var header = Header()\ntry Mapper.mapValues(from: [\"name\": \"a\"], to: header, using: headerMapping)",
            message: structMessage("mapValues(from:to:using:)", "Mapper.mapValues(from: json, to: &value, using: mapping)"),
            corrected: "var header = Header()\ntry Mapper.mapValues(from: [\"name\": \"a\"], to: &header, using: headerMapping)"),
        Mistake(
            name: "struct without & to mapValues(fromJSON:to:using:) with Data",
            wrong: "var header = Header()\ntry Mapper.mapValues(fromJSON: Data(json.utf8), to: header, using: headerMapping)",
            message: structMessage("mapValues(fromJSON:to:using:)", "Mapper.mapValues(fromJSON: data, to: &value, using: mapping)"),
            corrected: "var header = Header()\ntry Mapper.mapValues(fromJSON: Data(json.utf8), to: &header, using: headerMapping)"),
        Mistake(
            name: "struct without & to mapValues(fromJSON:to:using:) with a String",
            wrong: "var header = Header()\ntry Mapper.mapValues(fromJSON: json, to: header, using: headerMapping)",
            message: structMessage("mapValues(fromJSON:to:using:)", "Mapper.mapValues(fromJSON: text, to: &value, using: mapping)"),
            corrected: "var header = Header()\ntry Mapper.mapValues(fromJSON: json, to: &header, using: headerMapping)"),
        Mistake(
            name: "struct without & to mapValues(from:to:using:warnings:)",
            wrong:
                "var header = Header()\ntry Mapper.mapValues(from: [\"name\": \"a\"], to: header, using: headerMapping, warnings: &warnings)",
            message: structMessage(
                "mapValues(from:to:using:warnings:)", "Mapper.mapValues(from: json, to: &value, using: mapping, warnings: &warnings)"),
            corrected:
                "var header = Header()\ntry Mapper.mapValues(from: [\"name\": \"a\"], to: &header, using: headerMapping, warnings: &warnings)"
        ),
        Mistake(
            name: "struct without & to mapValues(fromJSON:to:using:warnings:) with Data",
            wrong:
                "var header = Header()\ntry Mapper.mapValues(fromJSON: Data(json.utf8), to: header, using: headerMapping, warnings: &warnings)",
            message: structMessage(
                "mapValues(fromJSON:to:using:warnings:)",
                "Mapper.mapValues(fromJSON: data, to: &value, using: mapping, warnings: &warnings)"),
            corrected:
                "var header = Header()\ntry Mapper.mapValues(fromJSON: Data(json.utf8), to: &header, using: headerMapping, warnings: &warnings)"
        ),
        Mistake(
            name: "struct without & to mapValues(fromJSON:to:using:warnings:) with a String",
            wrong: "var header = Header()\ntry Mapper.mapValues(fromJSON: json, to: header, using: headerMapping, warnings: &warnings)",
            message: structMessage(
                "mapValues(fromJSON:to:using:warnings:)",
                "Mapper.mapValues(fromJSON: text, to: &value, using: mapping, warnings: &warnings)"),
            corrected: "var header = Header()\ntry Mapper.mapValues(fromJSON: json, to: &header, using: headerMapping, warnings: &warnings)"
        ),
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
