/// The state of loads in one direction.
///
/// Failures compare equal when they have the same type and description, so states can be
/// compared in tests and de-duplicated by observers.
public enum LoadState: Sendable, Equatable, CustomStringConvertible {
    /// Nothing is loading; `endReached` says the list has no more pages in this direction
    /// (always `false` for refresh).
    case idle(endReached: Bool)
    /// A load is in flight.
    case loading
    /// The last load failed; loaded items are kept. ``PaginationController/retry()`` repeats it.
    case failed(any Error)

    /// Whether a load is in flight.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// Whether the list has no more pages in this direction.
    public var endReached: Bool {
        if case .idle(true) = self { return true }
        return false
    }

    /// The failure, if the last load failed.
    public var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// Compares failures by type and description.
    public static func == (lhs: LoadState, rhs: LoadState) -> Bool {
        switch (lhs, rhs) {
        case (.idle(let left), .idle(let right)): left == right
        case (.loading, .loading): true
        case (.failed(let left), .failed(let right)):
            type(of: left) == type(of: right) && String(describing: left) == String(describing: right)
        default: false
        }
    }

    /// `idle`, `idle(end)`, `loading` or `failed(…)`.
    public var description: String {
        switch self {
        case .idle(let end): end ? "idle(end)" : "idle"
        case .loading: "loading"
        case .failed(let error): "failed(\(error))"
        }
    }
}

/// The load states of the three directions.
public struct LoadStates: Sendable, Equatable, CustomStringConvertible {
    /// The state of refreshes (never `endReached`).
    public var refresh: LoadState
    /// The state of loads at the end of the list.
    public var append: LoadState
    /// The state of loads at the start of the list.
    public var prepend: LoadState

    /// Creates load states.
    public init(
        refresh: LoadState = .idle(endReached: false), append: LoadState = .idle(endReached: false),
        prepend: LoadState = .idle(endReached: false)
    ) {
        self.refresh = refresh
        self.append = append
        self.prepend = prepend
    }

    /// The state of one direction.
    public subscript(direction: LoadDirection) -> LoadState {
        get {
            switch direction {
            case .refresh: refresh
            case .append: append
            case .prepend: prepend
            }
        }
        set {
            switch direction {
            case .refresh: refresh = newValue
            case .append: append = newValue
            case .prepend: prepend = newValue
            }
        }
    }

    /// Whether any direction is loading.
    public var isLoading: Bool { refresh.isLoading || append.isLoading || prepend.isLoading }

    /// `refresh: …, append: …, prepend: …`.
    public var description: String { "refresh: \(refresh), append: \(append), prepend: \(prepend)" }
}
