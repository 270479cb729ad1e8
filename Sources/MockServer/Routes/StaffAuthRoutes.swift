import Foundation
import GRDB
import MockHTTP

/// Staff authentication (CONTRACT §2, §3): password + 2FA, magic link, refresh, me, logout.
enum StaffAuthRoutes {
    static let invalidCredentials = APIFailure(status: 401, message: "Invalid credentials")
    static let deactivated = APIFailure(status: 401, message: "Account is deactivated")
    static let archived = APIFailure(status: 401, message: "Account has been archived and cannot login")
    static let noPassword = APIFailure(status: 401,
                                       message: "No password set. Please use Magic Link login or set a password in Settings.")
    static let invalidCode = APIFailure(status: 401, message: "Invalid or expired code")

    private struct LoginBody: Decodable { let email: String; let password: String }
    private struct TwoFactorRequestBody: Decodable { let userId: String; let email: String }
    private struct TwoFactorVerifyBody: Decodable { let userId: String; let code: String }
    private struct MagicLinkRequestBody: Decodable { let email: String }
    private struct MagicLinkVerifyBody: Decodable { let email: String; let code: String }
    private struct RefreshBody: Decodable { let refreshToken: String }

    static func register(on router: inout Router) {
        router.post("/api/auth/login", access: .open) { context in
            let body = try context.body(LoginBody.self)
            let account = try context.store.read { db in try StaffAccount.fetch(db, email: body.email) }
            guard let account else { throw invalidCredentials }
            // The password is judged first where there is one, so account states leak only to its holder.
            if let hash = account.passwordHash, !PasswordHasher.verify(body.password, against: hash) {
                throw invalidCredentials
            }
            try requireLoginable(account)
            guard account.passwordHash != nil else { throw noPassword }
            return JSONBody.success(LoginStepPayload(account))
        }

        router.post("/api/auth/2fa/request", access: .open) { context in
            let body = try context.body(TwoFactorRequestBody.self)
            try context.store.write { db in
                guard let account = try StaffAccount.fetch(db, id: body.userId),
                      account.email.caseInsensitiveCompare(body.email) == .orderedSame else { throw invalidCredentials }
                try requireLoginable(account)
                let code = try LoginCodes.issue(db, purpose: .staffTwoFactor, subject: account.id, now: context.now)
                try Outbox.send(db, to: account.email, kind: "staff_2fa", subject: "Your Repair Minder login code",
                                body: "Your verification code is \(code). It expires in 10 minutes.", code: code,
                                now: context.now)
            }
            return JSONBody.success(MessagePayload(message: "2FA code sent to your email"))
        }

        router.post("/api/auth/2fa/verify", access: .open) { context in
            let body = try context.body(TwoFactorVerifyBody.self)
            let mobile = RefreshTokens.isMobile(userAgent: context.request.headers["user-agent"])
            let outcome = try context.store.write { db -> Result<StaffTokenPayload, APIFailure> in
                guard let account = try StaffAccount.fetch(db, id: body.userId) else { return .failure(invalidCode) }
                guard try verifySecondFactor(db, account: account, code: body.code, now: context.now) else {
                    return .failure(invalidCode)
                }
                try requireLoginable(account)
                return .success(try signIn(db, account: account, mobile: mobile, context: context))
            }
            return JSONBody.success(try outcome.get())
        }

        router.post("/api/auth/magic-link/request", access: .open) { context in
            let body = try context.body(MagicLinkRequestBody.self)
            guard body.email.contains("@") else { throw APIFailure.invalidField("email") }
            try context.store.write { db in
                // Unknown, disabled or inactive accounts get the same answer and no mail (no enumeration).
                guard let account = try StaffAccount.fetch(db, email: body.email), account.magicLinkEnabled,
                      account.isActive, !account.isArchived else { return }
                let code = try LoginCodes.issue(db, purpose: .staffMagicLink, subject: account.email.lowercased(),
                                                now: context.now)
                try Outbox.send(db, to: account.email, kind: "staff_magic_link", subject: "Your Repair Minder sign-in link",
                                body: "Sign in with code \(code). It expires in 10 minutes.", code: code, now: context.now)
            }
            return JSONBody.success(MessagePayload(message: "Magic link sent"))
        }

        router.post("/api/auth/magic-link/verify-code", access: .open) { context in
            let body = try context.body(MagicLinkVerifyBody.self)
            let mobile = RefreshTokens.isMobile(userAgent: context.request.headers["user-agent"])
            let outcome = try context.store.write { db -> Result<StaffTokenPayload, APIFailure> in
                guard LoginCodes.isWellFormed(body.code) else { return .failure(invalidCode) }
                let check = try LoginCodes.check(db, purpose: .staffMagicLink, subject: body.email.lowercased(),
                                                 code: body.code, now: context.now, consume: true)
                guard check == .valid, let account = try StaffAccount.fetch(db, email: body.email) else {
                    return .failure(invalidCode)
                }
                try requireLoginable(account)
                return .success(try signIn(db, account: account, mobile: mobile, context: context))
            }
            return JSONBody.success(try outcome.get())
        }

        router.post("/api/auth/refresh", access: .open) { context in
            let body = try context.body(RefreshBody.self)
            let mobile = RefreshTokens.isMobile(userAgent: context.request.headers["user-agent"])
            let environment = context.environment
            let outcome = try context.store.write { db -> Result<RefreshPayload, APIFailure> in
                switch try RefreshTokens.rotate(db, presented: body.refreshToken, mobile: mobile, now: context.now,
                                                reuseInterval: environment.configuration.refreshReuseInterval) {
                case .reuseDetected:
                    return .failure(RefreshTokens.reuse)      // committed: the family stays revoked
                case .rejected(let failure):
                    return .failure(failure)
                case .rotated(let issued, let userID):
                    guard let account = try StaffAccount.fetch(db, id: userID) else { return .failure(RefreshTokens.invalid) }
                    let token = AccessTokens.staff(account, familyID: issued.familyID, mobile: mobile, now: context.now,
                                                   signer: environment.signer)
                    return .success(RefreshPayload(token: token, refreshToken: issued.refreshToken,
                                                   expiresIn: Int(AccessTokens.staffLifetime)))
                }
            }
            return JSONBody.success(try outcome.get())
        }

        router.get("/api/auth/me", access: .staff) { context in
            let staff = try context.staff()
            let account = try context.store.read { db in try StaffAccount.fetch(db, id: staff.userID) }
            guard let account else { throw APIFailure.unauthorized }
            return JSONBody.success(StaffMePayload(user: StaffUserPayload(account), company: CompanyPayload(account.company),
                                          hasPassword: account.passwordHash != nil))
        }

        router.post("/api/auth/logout", access: .staff) { context in
            let staff = try context.staff()
            try context.store.write { db in
                try RefreshTokens.revokeFamily(db, familyID: staff.familyID, reason: "logout", now: context.now)
            }
            return JSONBody.bare()
        }
    }

    /// Deactivated and archived accounts cannot sign in by any route.
    static func requireLoginable(_ account: StaffAccount) throws {
        if account.isArchived { throw archived }
        if !account.isActive { throw deactivated }
    }

    /// The emailed code; for app-2FA users also a TOTP code or an unused recovery code (spent here).
    private static func verifySecondFactor(_ db: Database, account: StaffAccount, code: String, now: Date) throws -> Bool {
        if LoginCodes.isWellFormed(code) {
            // RFC 6238 §5.2: a TOTP code is accepted once; later steps only.
            if let secret = account.user.totpSecret, account.usesTOTP,
               let step = TOTP(base32Secret: secret)?.matchingStep(code, at: now) {
                try db.execute(sql: """
                    UPDATE users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)
                    """, arguments: [step, account.id, step])
                if db.changesCount == 1 { return true }
            }
            return try LoginCodes.check(db, purpose: .staffTwoFactor, subject: account.id, code: code, now: now,
                                        consume: true) == .valid
        }
        guard account.usesTOTP, code.count == 8,
              code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        try db.execute(sql: """
            UPDATE user_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL
            """, arguments: [Timestamp.string(now), account.id, StoreHashing.recoveryCodeHash(code)])
        return db.changesCount == 1
    }

    /// Starts a token family and answers with the full token response.
    private static func signIn(_ db: Database, account: StaffAccount, mobile: Bool, context: RequestContext) throws
        -> StaffTokenPayload {
        let issued = try RefreshTokens.startFamily(db, userID: account.id, mobile: mobile, now: context.now)
        try db.execute(sql: "UPDATE users SET last_login = ? WHERE id = ?",
                       arguments: [Timestamp.string(context.now), account.id])
        let token = AccessTokens.staff(account, familyID: issued.familyID, mobile: mobile, now: context.now,
                                       signer: context.environment.signer)
        return StaffTokenPayload(token: token, refreshToken: issued.refreshToken,
                                 expiresIn: Int(AccessTokens.staffLifetime), user: StaffUserPayload(account),
                                 company: CompanyPayload(account.company))
    }
}
