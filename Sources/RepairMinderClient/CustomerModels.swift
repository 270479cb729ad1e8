import Foundation

/// `POST /api/customer/auth/verify-code` answer.
public enum CustomerVerifyResponse: Decodable, Sendable, Hashable {
    case signedIn(CustomerSignIn)
    case companySelectionRequired(CompanySelection)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if try container.decodeFlagIfPresent(forKey: AnyKey(stringValue: "requiresCompanySelection")) == true {
            self = .companySelectionRequired(try CompanySelection(from: decoder))
        } else {
            self = .signedIn(try CustomerSignIn(from: decoder))
        }
    }
}

// MARK: - The customer portal's orders (the customer's view: nothing staff-only)

extension CustomerOrderDetail {
    /// A line of the order as the customer sees it (the component `CustomerItem`).
    public typealias Item = CustomerItem
}

extension CustomerMessage {
    /// Sent by the customer (rather than by the shop).
    public var isFromCustomer: Bool { type == .inbound }
}
