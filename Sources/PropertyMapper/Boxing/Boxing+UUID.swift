import Foundation

extension Boxing where Value == UUID {
    /// Boxes a UUID string in either case:
    ///
    /// `"id": .box(.uuid, \.id)`. Anything else fails with `id → id: not a valid UUID; got "E621" [box(UUID)]`; a
    /// number is a `type` error. The reverse is the upper-case `uuidString`.
    public static var uuid: Self {
        Boxing(named: "UUID") { (text: String) in
            UUID(uuidString: text)
        } reverse: {
            $0.uuidString
        }
    }
}
