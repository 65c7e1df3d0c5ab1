import Foundation

/// Where a store's namespaces live between runs: files, `UserDefaults`, or nowhere.
protocol StorePersistence: Sendable {
    /// Describes the location of a namespace for error messages (a file path or a suite).
    func location(of namespace: StoreNamespace) -> String
    /// Every namespace that has stored data.
    func namespaces() throws -> [StoreNamespace]
    /// A namespace's members as raw JSON fragments; empty when nothing is stored.
    func load(_ namespace: StoreNamespace) throws -> [String: Data]
    /// Applies `changes` (a fragment to store, or `nil` to remove) and returns the namespace as
    /// now stored, including changes other processes made meanwhile.
    func commit(_ namespace: StoreNamespace, changes: [String: Data?]) throws -> [String: Data]
    /// Replaces whole namespaces, in order (the last one last), as one change as far as the
    /// medium allows (migrations): a failure before anything is replaced throws with nothing
    /// changed; one after some were replaced throws ``PartialReplaceFailure`` naming them.
    func replace(_ namespaces: [(StoreNamespace, [String: Data])]) throws
    /// Runs `body` holding the lock that orders every process's commits (the directory's lock
    /// for files), passing a persistence whose operations do not take that lock again.
    func exclusively<T>(_ body: (any StorePersistence) throws -> T) throws -> T
    /// Refuses a key name this persistence cannot store faithfully in `namespace`.
    func validate(key name: String, in namespace: StoreNamespace) throws
}

extension StorePersistence {
    /// Every non-empty key name is storable unless a persistence says otherwise.
    func validate(key name: String, in namespace: StoreNamespace) throws {}
}

/// A ``StorePersistence/replace(_:)`` that failed after replacing some namespaces: those are
/// changed on disk, the rest (and the last) are not.
struct PartialReplaceFailure: Error {
    /// The namespaces already replaced.
    let replaced: [StoreNamespace]
    /// Why the next one could not be.
    let failure: StoreError
}
