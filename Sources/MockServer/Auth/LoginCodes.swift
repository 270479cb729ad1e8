import Foundation
import MockBasics
import MockStore

/// The 6-digit codes of 2FA and magic links (CONTRACT §2, decided): valid 10 minutes, single use,
/// a new request replaces the old code, 5 wrong tries invalidate it. The store keeps them (only as
/// SHA-256) and checks them in the request's transaction (`Store.issueLoginCode`, `Store.signIn`).
enum LoginCodes {
    static let lifetime: TimeInterval = 600
    static let maxAttempts = 5

    /// A new code, in clear: for the mail, and for the store to hash. The next of `values` (random,
    /// or from the namespace's replay seed).
    static func newCode(_ invented: InventedValues) -> String { invented.sixDigitCode(.loginCode) }

    /// When a code issued at `now` runs out.
    static func expiry(from now: Date) -> Date { now.addingTimeInterval(lifetime) }

    /// Issues a new code of `purpose` for `subject` (replacing the one before) and mails it to `to`
    /// in one transaction; `body` writes the mail's text around the code.
    static func send(_ purpose: AuthCodePurpose, subject: String, to address: String, kind: MailKind, mailSubject: String,
                     body: (String) -> String, store: Store, invented: InventedValues, now: Date) throws {
        let code = newCode(invented)
        try store.issueLoginCode(code, purpose: purpose, subject: subject, expiresAt: expiry(from: now),
                                 mail: Mail(to: address, kind: kind, subject: mailSubject, body: body(code), code: code), now: now)
    }

    /// Six ASCII digits, nothing else.
    static func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == 6 && code.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// The shape of an app-2FA user's recovery code: 8 ASCII letters or digits.
    static func isRecoveryCodeShaped(_ code: String) -> Bool {
        code.count == 8 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
