import Foundation

/// Supplies the 256-bit key of an ``EncryptedFileStore``.
public protocol KeyProvider: Sendable {
    /// The 32-byte key.
    func key() throws -> Data
}

/// A key held in code (tests, or a key obtained elsewhere).
public struct StaticKeyProvider: KeyProvider {
    private let bytes: Data

    /// Uses `key`, which must be 32 bytes.
    public init(_ key: Data) {
        bytes = key
    }

    /// The key.
    public func key() throws -> Data {
        guard bytes.count == 32 else {
            throw SecureStoreError.keyUnavailable(reason: "the key must be 32 bytes")
        }
        return bytes
    }
}

/// A key in a file only its owner can read (mode 0600), created with random bytes if missing.
public struct KeyFileProvider: KeyProvider {
    /// The key file.
    public let url: URL
    /// Whether a missing file is created with a new random key.
    public let createIfMissing: Bool

    /// Reads (or creates) the key file at `url`.
    public init(url: URL, createIfMissing: Bool = true) {
        self.url = url
        self.createIfMissing = createIfMissing
    }

    /// The key; refuses a file that others can read.
    public func key() throws -> Data {
        if let mode = POSIXFile.mode(of: url) {
            guard mode & 0o077 == 0 else {
                throw SecureStoreError.keyUnavailable(
                    reason: "key file \(url.path) has mode \(String(mode, radix: 8)); it must be 0600")
            }
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw SecureStoreError.keyUnavailable(
                    reason: "cannot read key file \(url.path): \(error.localizedDescription)")
            }
            guard data.count == 32 else {
                throw SecureStoreError.keyUnavailable(
                    reason: "key file \(url.path) holds \(data.count) bytes, not 32")
            }
            return data
        }
        guard createIfMissing else {
            throw SecureStoreError.keyUnavailable(reason: "no key file at \(url.path)")
        }
        var generator = SystemRandomNumberGenerator()
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        do {
            try POSIXFile.ensureDirectory(url.deletingLastPathComponent(), mode: 0o700)
            try POSIXFile.writeAtomically(key, to: url, mode: 0o600)
        } catch {
            throw SecureStoreError.keyUnavailable(reason: "cannot create key file \(url.path): \(error)")
        }
        return key
    }
}

/// A key in an environment variable, as 64 hexadecimal digits or base64 (servers, CI).
public struct EnvironmentKeyProvider: KeyProvider {
    /// The variable's name.
    public let variable: String
    private let environment: [String: String]

    /// Reads `variable` from `environment` (the process's by default).
    public init(variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.variable = variable
        self.environment = environment
    }

    /// The decoded key.
    public func key() throws -> Data {
        guard let text = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else {
            throw SecureStoreError.keyUnavailable(reason: "environment variable \(variable) is not set")
        }
        if text.count == 64, let bytes = Self.hex(text) { return bytes }
        if let data = Data(base64Encoded: text), data.count == 32 { return data }
        throw SecureStoreError.keyUnavailable(
            reason: "environment variable \(variable) must hold 32 bytes as 64 hex digits or base64")
    }

    private static func hex(_ text: String) -> Data? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let h = digit(high), let l = digit(low) else { return nil }
            bytes.append(h << 4 | l)
        }
        return Data(bytes)
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
