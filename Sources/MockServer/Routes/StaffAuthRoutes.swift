import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// Staff authentication (CONTRACT §2, §3): password + 2FA, magic link, refresh, me, logout.
enum StaffAuthRoutes {
    static let invalidCredentials = APIFailure(status: 401, message: "Invalid credentials")
    static let noPassword = APIFailure(status: 401,
                                       message: "No password set. Please use Magic Link login or set a password in Settings.")
    static let invalidCode = APIFailure(status: 401, message: "Invalid or expired code")

    static func register(on router: inout Router) {
        router.post("/api/auth/login") { (context: RequestContext) in
            let body = try context.body(StaffLoginBody.self)
            guard let account = try context.store.staffAccount(email: body.email) else { throw invalidCredentials }
            // The password is judged first where there is one, so account states leak only to its holder.
            if let hash = account.passwordHash, !PasswordHasher.verify(body.password, against: hash) {
                throw invalidCredentials
            }
            try requireLoginable(account)
            guard account.passwordHash != nil else { throw noPassword }
            return JSONBody.success(LoginStepPayload(account))
        }

        router.post("/api/auth/2fa/request") { (context: RequestContext) in
            let body = try context.body(TwoFactorRequestBody.self)
            guard let account = try context.store.staffAccount(id: body.userId),
                  account.email.caseInsensitiveCompare(body.email) == .orderedSame else { throw invalidCredentials }
            try requireLoginable(account)
            try LoginCodes.send(.staff2FA, subject: account.id, to: account.email, kind: .staffTwoFactor,
                                mailSubject: "Your Repair Minder login code",
                                body: { "Your verification code is \($0). It expires in 10 minutes." },
                                store: context.store, invented: context.environment.invented, now: context.now)
            return JSONBody.success(MessagePayload(message: "2FA code sent to your email"))
        }

        router.post("/api/auth/2fa/verify") { (context: RequestContext) in
            let body = try context.body(TwoFactorVerifyBody.self)
            guard let factor = secondFactor(body.code, now: context.now) else { throw invalidCode }
            let terms = RefreshTokens.terms(userAgent: context.request.headers["user-agent"], now: context.now)
            let outcome = try context.store.signIn(userID: body.userId, secondFactor: factor,
                                                   maxCodeAttempts: LoginCodes.maxAttempts, refresh: terms, now: context.now)
            return JSONBody.success(try tokenPayload(outcome, terms: terms, context: context))
        }

        router.post("/api/auth/magic-link/request") { (context: RequestContext) in
            let body = try context.body(MagicLinkRequestBody.self)
            // Unknown, disabled or inactive accounts get the same answer and no mail (no enumeration).
            if let account = try context.store.staffAccount(email: body.email), account.magicLinkEnabled,
               account.isActive, !account.isArchived {
                try LoginCodes.send(.staffMagicLink, subject: account.email.lowercased(), to: account.email,
                                    kind: .staffMagicLink, mailSubject: "Your Repair Minder sign-in link",
                                    body: { "Sign in with code \($0). It expires in 10 minutes." },
                                    store: context.store, invented: context.environment.invented, now: context.now)
            }
            return JSONBody.success(MessagePayload(message: "Magic link sent"))
        }

        router.post("/api/auth/magic-link/verify-code") { (context: RequestContext) in
            let body = try context.body(MagicLinkVerifyBody.self)
            guard LoginCodes.isWellFormed(body.code) else { throw invalidCode }
            let terms = RefreshTokens.terms(userAgent: context.request.headers["user-agent"], now: context.now)
            let outcome = try context.store.signIn(email: body.email, magicLinkCode: body.code,
                                                   maxCodeAttempts: LoginCodes.maxAttempts, refresh: terms, now: context.now)
            return JSONBody.success(try tokenPayload(outcome, terms: terms, context: context))
        }

        router.post("/api/auth/refresh") { (context: RequestContext) in
            let body = try context.body(RefreshBody.self)
            let terms = RefreshTokens.terms(userAgent: context.request.headers["user-agent"], now: context.now)
            let environment = context.environment
            switch try context.store.rotateRefreshToken(body.refreshToken, terms: terms,
                                                        reuseInterval: environment.configuration.refreshReuseInterval,
                                                        now: context.now) {
            case .rejected(let rejection):
                throw RefreshTokens.failure(rejection)     // a family revoked for reuse stays revoked
            case .rotated(let issued, let account):
                let token = AccessTokens.staff(account, familyID: issued.familyID, mobile: terms.mobile, now: context.now,
                                               signer: environment.signer, invented: environment.invented)
                return JSONBody.success(RefreshPayload(token: token, refreshToken: issued.refreshToken,
                                                       expiresIn: Int(AccessTokens.staffLifetime)))
            }
        }

        router.get("/api/auth/me") { (context: StaffContext) in
            guard let account = try context.store.staffAccount(id: context.staff.userID) else { throw APIFailure.unauthorized }
            return JSONBody.success(StaffMePayload(user: StaffUserPayload(account), company: CompanyPayload(account.company),
                                          hasPassword: account.passwordHash != nil))
        }

        router.post("/api/auth/logout") { (context: StaffContext) in
            try context.store.revokeRefreshFamily(context.staff.familyID, reason: .logout, now: context.now)
            return JSONBody.bare()
        }
    }

    /// Deactivated and archived accounts cannot sign in by any route.
    static func requireLoginable(_ account: StaffAccount) throws {
        if !account.canSignIn { throw SignInResponses.refusal(account) }
    }

    /// What `code` can prove at the 2FA step: six digits are the emailed code or (for app-2FA
    /// users) a TOTP code; eight letters or digits an app-2FA user's recovery code; nil for
    /// anything else.
    private static func secondFactor(_ code: String, now: Date) -> SecondFactor? {
        if LoginCodes.isWellFormed(code) {
            return .sixDigitCode(code, totpStep: { secret in TOTP(base32Secret: secret)?.matchingStep(code, at: now) })
        }
        return LoginCodes.isRecoveryCodeShaped(code) ? .recoveryCode(code) : nil
    }

    /// The full token response of a sign-in; a refused account's reason, or the invalid code.
    private static func tokenPayload(_ outcome: StaffSignIn, terms: RefreshTerms,
                                     context: some RouteContext) throws -> StaffTokenPayload {
        switch outcome {
        case .rejected:
            throw invalidCode
        case .refused(let account):
            throw SignInResponses.refusal(account)
        case .signedIn(let account, let issued):
            return SignInResponses.staff(account, issued: issued, terms: terms, now: context.now,
                                         signer: context.environment.signer, invented: context.environment.invented)
        }
    }
}

// MARK: - Request bodies

/// `POST /api/auth/login`. Unknown keys are ignored.
/*@RequestBody(component: "StaffLogin")*/
struct StaffLoginBody {
    let email: String
    let password: String
}

/// `POST /api/auth/2fa/request`: the user the login step named, and their email. Unknown keys are ignored.
/*@RequestBody(component: "TwoFactorCodeRequest")*/
struct TwoFactorRequestBody {
    /*@Schema(.string(format: "uuid"))*/ let userId: String
    let email: String
}

/// `POST /api/auth/2fa/verify`. Unknown keys are ignored.
/*@RequestBody(component: "TwoFactorVerification")*/
struct TwoFactorVerifyBody {
    /*@Schema(.string(format: "uuid"))*/ let userId: String
    /// An emailed code, a TOTP code or a recovery code.
    let code: String
}

/// `POST /api/auth/magic-link/request`. Unknown keys are ignored.
/*@RequestBody(component: "MagicLinkRequest")*/
struct MagicLinkRequestBody {
    /// Must contain `@`, else 400.
    /*@Schema(.emailAddress)*/ let email: String
}

/// `POST /api/auth/magic-link/verify-code`. Unknown keys are ignored.
/*@RequestBody(component: "MagicLinkVerification")*/
struct MagicLinkVerifyBody {
    let email: String
    let code: String
}

/// `POST /api/auth/refresh`. Unknown keys are ignored.
/*@RequestBody(component: "TokenRefresh")*/
struct RefreshBody {
    let refreshToken: String
}
