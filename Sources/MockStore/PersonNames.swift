/// A person the store names, staff or client: their id, first and last name.
package protocol PersonNamed {
    var id: String { get }
    var firstName: String { get }
    var lastName: String { get }
}

/// A person named with their email: a client wherever a resource names one.
package protocol PersonWithEmail: PersonNamed {
    var email: String { get }
}

extension PersonNamed {
    /// "first last": how every response and message names a person (`name`, `from_name`, a push's
    /// client).
    // Inlinable: the payloads' targets call it for their concrete types, specialised there.
    @inlinable package var fullName: String { "\(firstName) \(lastName)" }
}

extension ClientRecord: PersonWithEmail {}
extension ClientName: PersonWithEmail {}
extension UserRecord: PersonNamed {}
extension StaffName: PersonNamed {}
extension StaffAccount: PersonNamed {}
