import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one rule for "is this failure transient — worth sending the same request again
/// later?", shared by ``RetryPolicy`` (a retry within the call) and ``OfflineQueue`` (another
/// attempt on the next pass).
///
/// - A status is transient when it is one of `statusCodes`: by default 408, 429, 500, 502, 503
///   and 504. Other statuses are the server's answer: `501 Not Implemented` or
///   `505 HTTP Version Not Supported` will be the same next time.
/// - A transport error is transient when its code is one of `urlErrors`: by default lost,
///   refused or missing connections, DNS, timeouts (``standardURLErrors``). A bad URL, an
///   untrusted or expired certificate, or an unsupported URL will be the same next time.
/// - The call's own deadline passing (``APIError/timedOut(after:)``) is transient, as a
///   transport timeout is.
/// - Anything else (a decoding failure, a refused redirect, a body too large) is not.
package struct TransientFailures: Sendable, Equatable {
    /// Statuses worth another attempt.
    package var statusCodes: Set<Int>
    /// Transport error codes worth another attempt.
    package var urlErrors: Set<URLError.Code>

    /// The statuses retried by default: timeout, too many requests, and the server errors that
    /// pass (500, 502, 503, 504).
    package static let standardStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Transport errors that usually pass: lost or refused connections, DNS, timeouts.
    package static let standardURLErrors: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .notConnectedToInternet, .cannotConnectToHost,
        .cannotFindHost, .dnsLookupFailed, .cannotLoadFromNetwork, .badServerResponse,
        .dataNotAllowed, .callIsActive, .internationalRoamingOff, .secureConnectionFailed,
    ]

    /// The default rules, ``RetryPolicy``'s and the offline queue's.
    package static let standard = TransientFailures()

    /// Rules retrying `statusCodes` and `urlErrors` (by default the standard ones).
    package init(
        statusCodes: Set<Int> = TransientFailures.standardStatusCodes,
        urlErrors: Set<URLError.Code> = TransientFailures.standardURLErrors
    ) {
        self.statusCodes = statusCodes
        self.urlErrors = urlErrors
    }

    /// Whether the status `code` is worth another attempt.
    package func isTransient(status code: Int) -> Bool {
        statusCodes.contains(code)
    }

    /// Whether `error` (an ``APIError``, or a bare `URLError`) is worth another attempt.
    package func isTransient(_ error: any Error) -> Bool {
        switch error {
        case let error as APIError:
            switch error {
            case .status(let code, _, _, _): return isTransient(status: code)
            case .transport(let error): return urlErrors.contains(error.code)
            case .timedOut: return true
            default: return false
            }
        case let error as URLError:
            return urlErrors.contains(error.code)
        default:
            return false
        }
    }
}
