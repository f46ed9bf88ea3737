import FeedModel
import PropertyMapper

extension VideoRecord {
    /// `VideoRecord.mapping` with its keys written in camel case (`publishedAt`, `isPremium`,
    /// `author.displayName`) under `keys: .ignoringCaseAndSeparators`, reading the feed's snake_case
    /// keys: the same rules and results, with three keys in each record found by the looser match.
    static let camelCaseMapping = Mapping<VideoRecord>(
        keys: .ignoringCaseAndSeparators,
        [
            "id": .property(\.id).isRequired().min(1),
            "videoURL": .box(.url, \.contentURL).isRequired(),
            "name": .property(\.title).isRequired().lengthRange(1, 80),
            "videoType": .call(VideoRecord.videoType(from:), \.type, reverse: VideoRecord.name(of:)).isRequired(),
            "publishedAt": .box(.date, \.publishedAt).isRequired(),
            "duration": .property(\.duration).isRequired().range(0, 86_400),
            "isPremium": .property(\.isPremium).isRequired(),
            "rating": .property(\.rating).range(1, 5),
            "author": [
                "id": .property(\.authorID).isRequired(),
                "email": .property(\.authorEmail).isRequired().matchesRegEx(Video.emailPattern),
                "displayName": .property(\.authorName).isRequired(),
            ],
            "tags": .property(\.tags).isRequired(),
            "geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude).isRequired()],
            "subtitle": .property(\.subtitle),
            "stats": [
                "views": .property(\.views).isRequired(),
                "likes": .property(\.likes).isRequired(),
            ],
        ])
}
