import Foundation
import PropertyMapper
import Vapor

/// An order as `POST /orders` takes it and answers it: a PropertyMapper model that is also Vapor `Content`.
///
/// `MappedCodable` gives it `init(from:)` and `encode(to:)` through its mapping, so `req.content.decode(Order.self)`
/// runs every check below (all or nothing, strict types), and the response writes it back in the same shape. The
/// document's keys are snake_case (`customer_email`, `line_items`, `unit_price`), from the camel-case keys below
/// (`keyStyle: .snakeCase`), both ways; error paths name the document's keys (`line_items[1].sku`).
public struct Order: Mappable, MappedCodable, Content, Equatable {
    public var id = 0
    public var customerEmail = ""
    public var lineItems: [LineItem] = []
    public var total = Decimal(0)
    public var note: String?

    public init() {}

    public static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    public static let mapping = Mapping<Order>(
        keyStyle: .snakeCase,
        [
            "id": .property(\.id).isRequired().min(1),
            "customerEmail": .property(\.customerEmail).isRequired().matchesRegEx(emailPattern),
            "lineItems": .property(\.lineItems).isRequired().minLength(1),
            "total": .box(.decimal, \.total).isRequired().min(0),
            "note": .property(\.note).maxLength(200),
        ])
}

/// One line of an `Order`. It is a model of the order's mapping, not `Codable` itself: the order's mapping reads and
/// writes it.
public struct LineItem: Mappable, Equatable, Sendable {
    public var sku = ""
    public var quantity = 0
    public var unitPrice = Decimal(0)

    public init() {}

    public init(sku: String, quantity: Int, unitPrice: Decimal) {
        self.sku = sku
        self.quantity = quantity
        self.unitPrice = unitPrice
    }

    public static let mapping = Mapping<LineItem>(
        keyStyle: .snakeCase,
        [
            "sku": .property(\.sku).isRequired().lengthRange(3, 12).matchesRegEx("^[A-Z0-9-]+$"),
            "quantity": .property(\.quantity).isRequired().min(1),
            "unitPrice": .box(.decimal, \.unitPrice).isRequired().min(0),
        ])
}
