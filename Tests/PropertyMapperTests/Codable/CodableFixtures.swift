import Foundation
import PropertyMapper

// Models for the Codable bridge's tests: an order with nested line items, as a `Mappable` struct, an
// `ImmutableMappable` struct and a final class, and a synthesized `Codable` envelope holding one.

struct OrderLine: Mappable, MappedCodable, Equatable {
    var sku = ""
    var quantity = 0
    var price: Decimal = 0

    static let mapping = Mapping<OrderLine>(
        keyStyle: .snakeCase,
        [
            "sku": .property(\.sku).lengthRange(3, 12),
            "quantity": .property(\.quantity).min(1),
            "price": .box(.decimal, \.price),
        ])
}

struct ShopOrder: Mappable, MappedCodable, Equatable {
    var id = 0
    var customerEmail = ""
    var isGift = false
    var lineItems: [OrderLine] = []
    var note: String?

    static let mapping = Mapping<ShopOrder>(
        keyStyle: .snakeCase,
        [
            "id": .property(\.id).min(1),
            "customerEmail": .property(\.customerEmail).matchesRegEx("^[^@ ]+@[^@ ]+$"),
            "isGift": .property(\.isGift),
            "lineItems": .property(\.lineItems),
            "note": .property(\.note),
        ])
}

struct FrozenShopOrder: ImmutableMappable, MappedCodable, Equatable {
    let id: Int
    let lineItems: [OrderLine]

    static let mapping = Mapping<FrozenShopOrder>(
        keyStyle: .snakeCase,
        [
            "id": .property(\.id).min(1),
            "lineItems": .property(\.lineItems),
        ])

    init(_ values: MappedValues<FrozenShopOrder>) throws {
        id = try values[\.id]
        lineItems = try values[\.lineItems]
    }
}

final class ShopOrderRecord: Mappable, MappedCodable {
    var id = 0
    var lineItems: [OrderLine] = []

    static let mapping = Mapping<ShopOrderRecord>(
        keyStyle: .snakeCase,
        [
            "id": .property(\.id).min(1),
            "lineItems": .property(\.lineItems),
        ])
}

/// Synthesized `Codable`, holding a mapped model.
struct OrderEnvelope: Codable, Equatable {
    var version: Int
    var order: ShopOrder
}

enum CodableFixtures {
    static let goodOrder = #"""
        {"id": 7, "customer_email": "ann@example.com", "is_gift": true,
         "line_items": [{"sku": "CAT-1", "quantity": 2, "price": 12.30}, {"sku": "DOG-22", "quantity": 1, "price": "0.10"}],
         "extra": {"deep": [1, 2, {"x": null}]}}
        """#

    /// Three faults at once: an id below 1, an email without `@`, a second line item's sku too short.
    static let badOrder = #"""
        {"id": 0, "customer_email": "ann", "is_gift": false,
         "line_items": [{"sku": "CAT-1", "quantity": 2, "price": 1}, {"sku": "D", "quantity": 1, "price": 2}]}
        """#
}
