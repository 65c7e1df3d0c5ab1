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
    /// Replaces a whole namespace (migrations).
    func replace(_ namespace: StoreNamespace, with members: [String: Data]) throws
    /// Refuses a key name this persistence cannot store faithfully in `namespace`.
    func validate(key name: String, in namespace: StoreNamespace) throws
}

extension StorePersistence {
    /// Every non-empty key name is storable unless a persistence says otherwise.
    func validate(key name: String, in namespace: StoreNamespace) throws {}
}
