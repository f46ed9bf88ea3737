import App
import Foundation
import NIOCore
import Vapor

/// A good order as a client sends it, snake_case keys; each test overrides only what it is about.
func validOrderRecord() -> [String: Any] {
    [
        "id": 42,
        "customer_email": "ada@example.com",
        "line_items": [
            ["sku": "CAT-1", "quantity": 2, "unit_price": 0.10],
            ["sku": "ICE-22", "quantity": 1, "unit_price": "4.10"],
        ],
        "total": 4.30,
        "note": "leave at the door",
    ]
}

/// `record` with the line item at `index` changed by `change`.
func changingLineItem(_ index: Int, of record: [String: Any], _ change: (inout [String: Any]) -> Void) -> [String: Any] {
    var record = record
    var items = record["line_items"] as? [[String: Any]] ?? []
    change(&items[index])
    record["line_items"] = items
    return record
}

/// `record` as a JSON request body.
func body(_ record: Any) throws -> ByteBuffer {
    ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: record))
}

/// The order `validOrderRecord()` describes, made by hand, digits exact.
let validOrder: Order = {
    var order = Order()
    order.id = 42
    order.customerEmail = "ada@example.com"
    order.lineItems = [
        LineItem(sku: "CAT-1", quantity: 2, unitPrice: Decimal(string: "0.10")!),
        LineItem(sku: "ICE-22", quantity: 1, unitPrice: Decimal(string: "4.10")!),
    ]
    order.total = Decimal(string: "4.30")!
    order.note = "leave at the door"
    return order
}()

let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]
