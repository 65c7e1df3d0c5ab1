#if canImport(Security)
    import Foundation
    import Security

    /// Enforces a ``PinningPolicy`` on URLSession server trust challenges (Apple platforms).
    ///
    /// A thin layer: it asks the Security framework whether the system trusts the chain and
    /// for the chain's keys, and leaves every decision to the headless policy. Call
    /// ``disposition(for:)`` from a session or task delegate's authentication challenge
    /// method; ``URLSessionTransport`` takes the ``PinningPolicy`` itself.
    public struct ServerTrustPinning: Sendable {
        /// The pins.
        package let policy: PinningPolicy
        /// The current time, for pin expiry.
        package let now: @Sendable () -> Date

        /// Creates the enforcer.
        public init(policy: PinningPolicy, now: @escaping @Sendable () -> Date = { Date() }) {
            self.policy = policy
            self.now = now
        }

        /// What to answer a challenge: default handling for anything but a pinned host's server
        /// trust, the server's credential when the system trusts the chain and a pin matches,
        /// and cancellation otherwise.
        public func disposition(
            for challenge: URLAuthenticationChallenge
        ) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let trust = space.serverTrust
            else { return (.performDefaultHandling, nil) }
            switch action(for: trust, host: space.host) {
            case .performDefaultHandling: return (.performDefaultHandling, nil)
            case .useServerTrust: return (.useCredential, URLCredential(trust: trust))
            case .cancel: return (.cancelAuthenticationChallenge, nil)
            }
        }

        /// The policy's action for `trust` presented by `host`.
        package func action(for trust: SecTrust, host: String) -> ServerTrustAction {
            policy.action(
                host: host, now: now(),
                systemTrusts: { SecTrustEvaluateWithError(trust, nil) },
                chainKeyHashes: { Self.keyHashes(of: trust) })
        }

        /// The SHA-256 SPKI hashes of every certificate's key in the evaluated chain; keys of
        /// unsupported types are skipped (they cannot match a pin).
        package static func keyHashes(of trust: SecTrust) -> [PublicKeyHash] {
            guard let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] else { return [] }
            return chain.compactMap { certificate -> PublicKeyHash? in
                guard let key = SecCertificateCopyKey(certificate),
                    let attributes = SecKeyCopyAttributes(key) as? [CFString: Any],
                    let type = attributes[kSecAttrKeyType] as? String,
                    let size = attributes[kSecAttrKeySizeInBits] as? Int,
                    let algorithm = PublicKeyAlgorithm(securityKeyType: type, sizeInBits: size),
                    let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?
                else { return nil }
                return try? PublicKeyHash(rawKey: Array(raw), algorithm: algorithm)
            }
        }
    }

    /// A session delegate that only enforces pins, for sessions that need no other callbacks
    /// (an app's own delegate calls ``ServerTrustPinning/disposition(for:)``).
    package final class PinningSessionDelegate: NSObject, URLSessionDelegate, Sendable {
        /// The enforcer.
        package let pinning: ServerTrustPinning

        /// Creates the delegate.
        package init(pinning: ServerTrustPinning) {
            self.pinning = pinning
        }

        /// Answers server trust challenges through ``ServerTrustPinning/disposition(for:)``.
        package func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler:
                @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let (disposition, credential) = pinning.disposition(for: challenge)
            completionHandler(disposition, credential)
        }
    }
#endif
