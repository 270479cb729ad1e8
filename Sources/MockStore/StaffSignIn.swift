import Foundation
import GRDB
import MockBasics

/// The second step of a staff sign-in, its shape already judged by Auth/.
package enum SecondFactor: Sendable {
    /// Six digits: for an app-2FA user first a TOTP code — `totpStep` gives the time step the code
    /// matches for the account's secret, or nil — else the emailed code.
    case sixDigitCode(String, totpStep: @Sendable (_ base32Secret: String) -> Int64?)
    /// One of an app-2FA user's single-use recovery codes.
    case recoveryCode(String)
}

/// The outcome of a staff sign-in's last step.
package enum StaffSignIn: Sendable {
    /// A new token family for `account`, whose `last_login` is now set. `account` is as it was
    /// read before the sign-in.
    case signedIn(StaffAccount, IssuedRefreshToken)
    /// The proof was right but the account cannot sign in (`StaffAccount.canSignIn`): nothing is
    /// written, the proof not spent.
    case refused(StaffAccount)
    /// No such account, or a wrong proof (a wrong code's attempt is counted and committed).
    case rejected
}

extension Store {
    /// `POST /api/auth/2fa/verify`: verifies `factor` for the user and signs them in, in one transaction.
    package func signIn(userID: String, secondFactor factor: SecondFactor, maxCodeAttempts: Int, refresh: RefreshTerms,
                now: Date) throws -> StaffSignIn {
        try signingIn { db in
            guard let account = try StaffAccount.fetch(db, id: userID) else { return nil }
            let verified: Bool
            switch factor {
            case .sixDigitCode(let code, let totpStep):
                // RFC 6238 §5.2: a TOTP code is accepted once; later steps only.
                if account.usesTOTP, let secret = account.user.totpSecret, let step = totpStep(secret),
                   try Self.acceptTOTPStep(db, step, userID: account.id) {
                    verified = true
                } else {
                    verified = try AuthCodeRecord.check(db, purpose: .staff2FA, subject: account.id, code: code, now: now,
                                                        maxAttempts: maxCodeAttempts, consume: true) == .valid
                }
            case .recoveryCode(let code):
                verified = try account.usesTOTP && Self.spendRecoveryCode(db, code, userID: account.id, now: now)
            }
            return verified ? account : nil
        } signIn: { db, account in
            try Self.startSession(db, account: account, refresh: refresh, now: now, invented: invented)
        }
    }

    /// `POST /api/auth/magic-link/verify-code`: spends the code mailed to `email` and signs its
    /// account in, in one transaction.
    package func signIn(email: String, magicLinkCode code: String, maxCodeAttempts: Int, refresh: RefreshTerms,
                now: Date) throws -> StaffSignIn {
        try signingIn { db in
            let check = try AuthCodeRecord.check(db, purpose: .staffMagicLink, subject: email.lowercased(), code: code,
                                                 now: now, maxAttempts: maxCodeAttempts, consume: true)
            guard check == .valid else { return nil }
            return try StaffAccount.fetch(db, email: email)
        } signIn: { db, account in
            try Self.startSession(db, account: account, refresh: refresh, now: now, invented: invented)
        }
    }

    /// `POST /__mock/sessions`: signs the account whose email is `email` in without a proof — the
    /// same new token family and `last_login` as the sign-ins above, refused the same way when the
    /// account cannot sign in. `.rejected` when no staff account has that email (nothing written).
    package func signInWithoutProof(email: String, refresh: RefreshTerms, now: Date) throws -> StaffSignIn {
        try signingIn { db in
            try StaffAccount.fetch(db, email: email)
        } signIn: { db, account in
            try Self.startSession(db, account: account, refresh: refresh, now: now, invented: invented)
        }
    }

    /// One transaction: `verify` (nil: rejected, committed), then the account must be able to sign
    /// in (else everything is rolled back), then `signIn`.
    private func signingIn(verify: (Database) throws -> StaffAccount?,
                           signIn: (Database, StaffAccount) throws -> IssuedRefreshToken) throws -> StaffSignIn {
        struct Refused: Error { let account: StaffAccount }
        do {
            return try writeDatabase { db in
                guard let account = try verify(db) else { return .rejected }
                guard account.canSignIn else { throw Refused(account: account) }
                return .signedIn(account, try signIn(db, account))
            }
        } catch let refused as Refused {
            return .refused(refused.account)
        }
    }

    /// A new token family, and the account's `last_login`.
    private static func startSession(_ db: Database, account: StaffAccount, refresh: RefreshTerms,
                                     now: Date, invented: InventedValues) throws -> IssuedRefreshToken {
        let issued = try RefreshTokenFamilyRecord.start(db, userID: account.id, terms: refresh, now: now, invented: invented)
        try db.cachedStatement(sql: "UPDATE users SET last_login = ? WHERE id = ?")
            .execute(arguments: [Timestamp.string(now), account.id])
        return issued
    }

    /// True when `step` is later than the last TOTP step the user signed in with (now recorded).
    private static func acceptTOTPStep(_ db: Database, _ step: Int64, userID: String) throws -> Bool {
        try db.cachedStatement(sql: """
            UPDATE users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)
            """).execute(arguments: [step, userID, step])
        return db.changesCount == 1
    }

    /// True when `code` is one of the user's unused recovery codes (now used).
    private static func spendRecoveryCode(_ db: Database, _ code: String, userID: String, now: Date) throws -> Bool {
        try db.cachedStatement(sql: """
            UPDATE user_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL
            """).execute(arguments: [Timestamp.string(now), userID, StoreHashing.recoveryCodeHash(code)])
        return db.changesCount == 1
    }
}
