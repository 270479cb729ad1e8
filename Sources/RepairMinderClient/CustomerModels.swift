import Foundation

/// The camelCase customer `client`.
public struct CustomerClient: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String?
    public var lastName: String?
    public var email: String
    public var name: String?

    enum CodingKeys: String, CodingKey {
        case id, firstName, lastName, email, name
    }
}

/// The camelCase customer `company` (also the entries of a company selection).
public struct CustomerCompany: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var logoUrl: String?

    enum CodingKeys: String, CodingKey {
        case id, name, logoUrl
    }
}

/// A customer signed in to one company.
public struct CustomerSignIn: Sendable, Hashable {
    public var token: String
    public var client: CustomerClient
    public var company: CustomerCompany
}

/// The email belongs to several companies: call verify again with one `companyId`.
/// `email` and `code` are echoed by the server and stay valid for that call.
public struct CompanySelection: Sendable, Hashable {
    public var companies: [CustomerCompany]
    public var email: String
    public var code: String
}

/// `POST /api/customer/auth/verify-code` answer.
public enum CustomerVerifyResponse: Decodable, Sendable, Hashable {
    case signedIn(CustomerSignIn)
    case companySelectionRequired(CompanySelection)

    enum CodingKeys: String, CodingKey {
        case token, client, company, requiresCompanySelection, companies, email, code
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if try c.decodeFlagIfPresent(forKey: .requiresCompanySelection) == true {
            self = .companySelectionRequired(CompanySelection(
                companies: try c.decode([CustomerCompany].self, forKey: .companies),
                email: try c.decode(String.self, forKey: .email),
                code: try c.decode(String.self, forKey: .code)))
        } else {
            self = .signedIn(CustomerSignIn(
                token: try c.decode(String.self, forKey: .token),
                client: try c.decode(CustomerClient.self, forKey: .client),
                company: try c.decode(CustomerCompany.self, forKey: .company)))
        }
    }
}

/// `GET /api/customer/auth/me` answer.
public struct CustomerMe: Decodable, Sendable, Hashable {
    public var client: CustomerClient
    public var company: CustomerCompany

    enum CodingKeys: String, CodingKey { case client, company }
}
