import Foundation

/// Why a pin or a policy could not be built, or a key could not be hashed (apps see its
/// description: a malformed pin is a configuration mistake to fix, not a case to handle).
package enum PinningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A pin's text or bytes are not a SHA-256 hash.
    case invalidHash(String, reason: String)
    /// A host name that cannot be pinned (empty, a wildcard, a URL rather than a host…).
    case invalidHost(String, reason: String)
    /// A host pinned to fewer than two distinct keys: with no backup pin, losing or rotating
    /// the one key would lock every installed app out of the server.
    case missingBackupPin(host: String)
    /// Two rules for the same host.
    case duplicateHost(String)
    /// A key that cannot be encoded for hashing.
    case unsupportedKey(String)

    /// A one-line explanation naming the value.
    package var description: String {
        switch self {
        case .invalidHash(let text, let reason): "invalid pin '\(text)': \(reason)"
        case .invalidHost(let host, let reason): "invalid pinned host '\(host)': \(reason)"
        case .missingBackupPin(let host):
            "host '\(host)' needs at least two distinct pins (the current key and a backup)"
        case .duplicateHost(let host): "host '\(host)' is pinned twice"
        case .unsupportedKey(let reason): "cannot hash the public key: \(reason)"
        }
    }
}

/// The keys one host (and optionally its subdomains) may present.
public struct HostPin: Sendable, Equatable {
    /// The host, lowercased, without a trailing dot.
    package let host: String
    /// The accepted key hashes; a chain matches when any of its keys has one of them.
    package let hashes: Set<PublicKeyHash>
    /// Whether the pins also apply to every subdomain of ``host``.
    package let includesSubdomains: Bool
    /// When the pins stop being enforced; `nil` never. After it, the host gets the system's
    /// default trust evaluation only, so an app that is not updated does not lock itself out.
    package let expires: Date?

    /// A rule for `host`.
    ///
    /// - Parameter hashes: at least two distinct hashes: the key in use and a backup key kept
    ///   offline (or the key of a second certificate authority).
    /// - Throws: `PinningError/invalidHost(_:reason:)` or `PinningError/missingBackupPin(host:)`.
    package init(
        host: String, hashes: [PublicKeyHash], includesSubdomains: Bool = false, expires: Date? = nil
    ) throws {
        // Validated into locals first: every stored property is set after the last throw.
        let name = try Self.validated(host)
        let distinct = Set(hashes)
        guard distinct.count >= 2 else { throw PinningError.missingBackupPin(host: name) }
        self.host = name
        self.hashes = distinct
        self.includesSubdomains = includesSubdomains
        self.expires = expires
    }

    /// A rule from base64 pins.
    ///
    /// - Throws: `PinningError` for a malformed pin or host, or a missing backup pin.
    public init(
        host: String, base64Pins: [String], includesSubdomains: Bool = false, expires: Date? = nil
    ) throws {
        var hashes: [PublicKeyHash] = []
        for pin in base64Pins { hashes.append(try PublicKeyHash(base64: pin)) }
        try self.init(host: host, hashes: hashes, includesSubdomains: includesSubdomains, expires: expires)
    }

    /// Whether the rule is in force at `now`.
    package func isActive(at now: Date) -> Bool {
        expires.map { now < $0 } ?? true
    }

    static func validated(_ host: String) throws -> String {
        let name = HostName.normalised(host)
        guard !name.isEmpty else { throw PinningError.invalidHost(host, reason: "empty") }
        guard name.utf8.count <= 253 else {
            throw PinningError.invalidHost(host, reason: "longer than 253 bytes")
        }
        if name.contains("*") {
            throw PinningError.invalidHost(
                host, reason: "wildcards are not supported; use includesSubdomains")
        }
        if name.contains("/") || name.contains("@") || name.contains(" ") {
            throw PinningError.invalidHost(host, reason: "give a host name, not a URL")
        }
        if !name.contains(":"),
            name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        {
            throw PinningError.invalidHost(host, reason: "empty label")
        }
        return name
    }
}

/// Host-name normalisation shared by rules and lookups.
enum HostName {
    /// Lowercased, brackets of an IPv6 literal and one trailing dot removed.
    static func normalised(_ host: String) -> String {
        var name = host.trimmingCharacters(in: .whitespaces).lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }
}

/// What pinning decided for one server trust challenge.
package enum PinningDecision: Sendable, Equatable {
    /// No rule covers the host: the system's default evaluation alone decides.
    case notPinned
    /// The host's rule has expired: the system's default evaluation alone decides.
    case expired(host: String)
    /// A key in the chain has one of the rule's hashes.
    case matched(host: String, PublicKeyHash)
    /// No key in the chain has any of the rule's hashes: the connection must be refused.
    case mismatch(host: String)

    /// Whether pinning lets the connection proceed (the system's evaluation must also pass).
    package var allowsConnection: Bool {
        if case .mismatch = self { return false }
        return true
    }
}

/// What a URLSession delegate should do with a server trust challenge.
package enum ServerTrustAction: Sendable, Equatable {
    /// Let the system evaluate the trust as usual (no pin applies).
    case performDefaultHandling
    /// The system trusts the chain and the pins match: use the server's trust.
    case useServerTrust
    /// Refuse the connection: the chain is untrusted or no pin matches.
    case cancel
}

/// Public-key pins per host: which keys a server's certificate chain must contain.
///
/// ```swift
/// let pinning = try PinningPolicy([
///     HostPin(host: "api.example.com", base64Pins: [current, backup], includesSubdomains: true,
///             expires: Date(timeIntervalSince1970: 1_830_000_000)),
/// ])
/// ```
///
/// The decision is headless: given a host and the SHA-256 hashes of the keys in the chain the
/// system already validated, `evaluate(host:chainKeyHashes:now:)` says whether the pins
/// match. The Apple-only `ServerTrustPinning` extracts those hashes from a `SecTrust`.
public struct PinningPolicy: Sendable {
    /// The rules.
    package let pins: [HostPin]
    private let byHost: [String: HostPin]

    /// A policy from rules for distinct hosts.
    ///
    /// - Throws: `PinningError/duplicateHost(_:)` when two rules name the same host.
    public init(_ pins: [HostPin]) throws {
        var byHost: [String: HostPin] = [:]
        for pin in pins {
            guard byHost[pin.host] == nil else { throw PinningError.duplicateHost(pin.host) }
            byHost[pin.host] = pin
        }
        self.pins = pins
        self.byHost = byHost
    }

    /// The rule covering `host`: its own, else that of the nearest parent domain pinned with
    /// subdomains included. Expired rules are returned too (see ``HostPin/isActive(at:)``).
    package func rule(for host: String) -> HostPin? {
        let name = HostName.normalised(host)
        if let exact = byHost[name] { return exact }
        // An IP literal has no parent domains.
        if name.contains(":") || name.split(separator: ".").allSatisfy({ $0.allSatisfy(\.isNumber) }) {
            return nil
        }
        var labels = name.split(separator: ".", omittingEmptySubsequences: false)
        while labels.count > 1 {
            labels.removeFirst()
            if let parent = byHost[labels.joined(separator: ".")], parent.includesSubdomains { return parent }
        }
        return nil
    }

    /// Whether the chain presented for `host` satisfies its pins at `now`.
    ///
    /// - Parameter chainKeyHashes: the hashes of every certificate's key in the chain
    ///   (leaf, intermediates and root); pinning any of them is allowed.
    package func evaluate(host: String, chainKeyHashes: [PublicKeyHash], now: Date) -> PinningDecision {
        guard let rule = rule(for: host) else { return .notPinned }
        guard rule.isActive(at: now) else { return .expired(host: rule.host) }
        if let match = chainKeyHashes.first(where: rule.hashes.contains) {
            return .matched(host: rule.host, match)
        }
        return .mismatch(host: rule.host)
    }

    /// What to do with a server trust challenge for `host`.
    ///
    /// - Parameters:
    ///   - systemTrusts: whether the system's default evaluation accepted the chain (asked
    ///     only when a rule is in force; pins add to that check, never replace it).
    ///   - chainKeyHashes: asked only when the system trusts the chain.
    package func action(
        host: String, now: Date, systemTrusts: () -> Bool, chainKeyHashes: () -> [PublicKeyHash]
    ) -> ServerTrustAction {
        guard let rule = rule(for: host), rule.isActive(at: now) else { return .performDefaultHandling }
        guard systemTrusts() else { return .cancel }
        return evaluate(host: host, chainKeyHashes: chainKeyHashes(), now: now).allowsConnection
            ? .useServerTrust : .cancel
    }
}
