/// Who is calling, as the auth layer established it from the bearer token.
enum Principal: Sendable, Equatable {
    case staff(StaffPrincipal)
    case customer(CustomerPrincipal)

    /// How the request journal names the caller.
    var journalName: String {
        switch self {
        case .staff(let staff): "staff:\(staff.userID)"
        case .customer(let customer): "customer:\(customer.clientID)"
        }
    }
}

struct StaffPrincipal: Sendable, Equatable {
    var userID: String
    var companyID: String
    var role: String
    /// The refresh-token family the access token was issued from; logout revokes it.
    var familyID: String
    var isMobile: Bool
    /// Read from the database on every request, so a status change applies at once.
    var companyStatus: String
}

struct CustomerPrincipal: Sendable, Equatable {
    var clientID: String
    var companyID: String
    var sessionID: String
    var email: String
}
