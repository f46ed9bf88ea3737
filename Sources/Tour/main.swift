import Foundation
import PropertyMapper

// The PropertyMapper tour: `swift run tour [feed.json]`.
// Walks through the library in ten steps on the sample data shipped with it, printing plain text.

let usage = """
    usage: swift run tour [FEED]

    Walks through PropertyMapper in ten steps. Step 6 maps FEED, a JSON array of video
    records (default: the sample feed shipped with the tour, 200 records).
    """

/// Why the tour cannot start, in words for the person who ran it.
struct TourFailure: Error, CustomStringConvertible {
    let description: String
}

/// The tour's bundled JSON resource `name`.json.
func resource(_ name: String) throws(TourFailure) -> URL {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
        throw TourFailure(description: "the sample \(name).json is missing from the tour's resources")
    }
    return url
}

/// The feed named on the command line (checked to be a readable JSON array), or the sample feed.
func feedURL(arguments: [String]) throws(TourFailure) -> URL {
    switch arguments.count {
    case 0:
        return try resource("feed")
    case 1:
        let path = arguments[0]
        guard !path.hasPrefix("-") else { throw TourFailure(description: "unknown option \(path)\n\n\(usage)") }
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TourFailure(description: "cannot read the feed \(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw TourFailure(description: "cannot read the feed \(path): it is a directory")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TourFailure(description: "cannot read the feed \(path): permission denied or unreadable")
        }
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw TourFailure(description: "the feed \(path) is not JSON")
        }
        guard document is [Any] else {
            throw TourFailure(description: "the feed \(path) is JSON but not an array of records")
        }
        return url
    default:
        throw TourFailure(description: "expected at most one feed file, got \(arguments.count) arguments\n\n\(usage)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["-h"] || arguments == ["--help"] {
    print(usage)
    exit(0)
}

do {
    let feed = try feedURL(arguments: arguments)
    print("PropertyMapper tour")
    print("===================")
    print("Ten steps through the library, each showing its code, then what that code maps and reports.")
    try basicMapping()
    try nestedPaths()
    try boxing()
    try callsAndLists()
    try validation()
    try sampleFeed(feed)
    try dryRun()
    try models(try resource("repos"))
    try serializing(try resource("feed"))
    try policies()
    print("")
    print("End of the tour. The same steps, with prose, are the pages of Playgrounds/PropertyMapper.playground.")
} catch let failure as TourFailure {
    FileHandle.standardError.write(Data("tour: \(failure)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("tour: \(error)\n".utf8))
    exit(1)
}
