import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// The staff account endpoints that stay reachable in quarantine (CONTRACT §5, §6): own company,
/// its locations, own profile and avatar, subscription features.
enum AccountRoutes {
    static let companyNotFound = APIFailure(status: 404, message: "Company not found")
    static let locationNotFound = APIFailure(status: 404, message: "Location not found")

    static func register(on router: inout Router) {
        router.get("/api/companies/:id") { (context: StaffContext) in
            let id = try context.parameter("id")
            // Another company's id is a 404, never a 403, never data.
            guard id == context.staff.companyID,
                  let company = try context.store.company(id: id) else {
                throw companyNotFound
            }
            return JSONBody.success(CompanyPayload(company))
        }

        router.get("/api/company-locations") { (context: StaffContext) in
            return JSONBody.success(try context.store.companyLocations(company: context.staff.companyID).map(LocationPayload.init))
        }

        router.get("/api/company-locations/:id") { (context: StaffContext) in
            let id = try context.parameter("id")
            guard let location = try context.store.companyLocation(id: id, company: context.staff.companyID) else {
                throw locationNotFound
            }
            return JSONBody.success(LocationPayload(location))
        }

        router.get("/api/users/me") { (context: StaffContext) in
            guard let account = try context.store.staffAccount(id: context.staff.userID) else {
                throw APIFailure.unauthorized
            }
            return JSONBody.success(StaffProfilePayload(account))
        }

        router.patch("/api/users/me") { (context: StaffContext) in
            let body = try context.body(ProfileChangeBody.self)
            let change = StaffProfileChange(firstName: body.first_name, lastName: body.last_name, phone: body.phone.change(),
                                            jobTitle: body.job_title.change())
            let account = try context.store.updateProfile(userID: context.staff.userID, change: change, now: context.now)
            guard let account else { throw APIFailure.unauthorized }
            return JSONBody.success(StaffProfilePayload(account))
        }

        router.get("/api/users/me/avatar") { (context: StaffContext) in
            guard let account = try context.store.staffAccount(id: context.staff.userID) else {
                throw APIFailure.unauthorized
            }
            return JSONBody.success(AvatarPayload(avatar_url: account.user.avatarURL))
        }

        router.get("/api/subscription/features") { (context: StaffContext) in
            guard let company = try context.store.company(id: context.staff.companyID) else {
                throw APIFailure.unauthorized
            }
            return JSONBody.success(SubscriptionPayload(company: company))
        }
    }
}

/// `GET|PATCH /api/users/me`: the `StaffUser` fields plus profile fields. Shape chosen by the mock (the seeds
/// give none).
/*@JSONObject(component: "StaffProfile", from: "StaffAccount")*/
struct StaffProfilePayload: Sendable {
    /*@From(StaffUserPayload(source))*/ /*@Inline*/ let user: StaffUserPayload
    /*@From(source.user.phone)*/ /*@Nullable*/ var phone: String?
    /*@From(source.user.jobTitle)*/ /*@Nullable*/ var job_title: String?
    /*@From(source.user.avatarURL)*/ /*@Nullable*/ var avatar_url: String?
    /*@From(source.user.lastLogin)*/ /*@Schema(.timestamp)*/ /*@Nullable*/ var last_login: String?
    /*@From(source.user.createdAt)*/ /*@Schema(.timestamp)*/ let created_at: String
    /*@From(source.user.updatedAt)*/ /*@Schema(.timestamp)*/ let updated_at: String
}

/// `PATCH /api/users/me`: at least one of the four fields (unknown keys are ignored, so they do not
/// count; none → 400 `No fields to update`). Strings are trimmed of white space and must not be
/// blank; `phone` and `job_title` accept null to clear. Limits after trimming: names 100, phone 40,
/// job_title 100 characters.
/*@RequestBody(component: "ProfileChange", atLeastOne: true)*/
struct ProfileChangeBody {
    /*@Schema(.string(maxLength: 100, notBlank: true, trimmed: true))*/ var first_name: String?
    /*@Schema(.string(maxLength: 100, notBlank: true, trimmed: true))*/ var last_name: String?
    /*@Schema(.string(maxLength: 40, notBlank: true, trimmed: true))*/ var phone: FieldUpdate<String>?
    /*@Schema(.string(maxLength: 100, notBlank: true, trimmed: true))*/ var job_title: FieldUpdate<String>?
}

/// A company location; the address line, city, postcode and country are required columns, never null.
/*@JSONObject(component: "Location", from: "CompanyLocationRecord")*/
struct LocationPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    /*@Schema(.id)*/ let company_id: String
    let name: String
    /*@From(LocationAddressPayload(source))*/ /*@Inline*/ let postal: LocationAddressPayload
    let country: String
    /*@Nullable*/ var phone: String?
    /*@Nullable*/ var email: String?
    /*@Schema(.flag)*/ let is_primary: Int
}

/// The profile's picture after an upload or a removal.
/*@JSONObject(component: "Avatar")*/
struct AvatarPayload: Sendable {
    /*@Nullable*/ var avatar_url: String?
}

// A quarantined company's subscription is not active and includes nothing, so the app can explain
// why everything else is closed.

/// Shape chosen by the mock; neither the seeds nor the contract give one.
/*@JSONObject(component: "SubscriptionFeatures")*/
struct SubscriptionPayload: Sendable {
    /// The company's `subscription_plan` (seed Beta Tech is on `starter`).
    let plan: SubscriptionPlan
    /// `inactive` when the company is `pending_approval` or `suspended`.
    /*@Schema(.string(values: ["active", "inactive"]))*/ let status: String
    /// Empty when the company is not `active`.
    /*@Schema(.array(.string(values: SubscriptionPlan.allFeatures)))*/ let features: [String]

    init(company: CompanyRecord) {
        plan = company.subscriptionPlan
        status = company.status == .active ? "active" : "inactive"
        features = company.status == .active ? company.subscriptionPlan.features : []
    }
}
