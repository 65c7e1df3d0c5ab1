/// An app lifecycle event, platform-neutral: a UIKit bridge feeds these from the
/// application delegate, and modules subscribe to the kinds they want.
public enum AppEvent: Hashable, Sendable {
    /// Launch finished.
    case didFinishLaunching
    /// About to come to the foreground.
    case willEnterForeground
    /// Became active.
    case didBecomeActive
    /// About to become inactive.
    case willResignActive
    /// Went to the background.
    case didEnterBackground
    /// About to terminate.
    case willTerminate
    /// The system is low on memory.
    case didReceiveMemoryWarning
    /// The app was asked to open a URL.
    case openURL(String)

    /// The event's kind, for subscriptions.
    package var kind: AppEventKind {
        switch self {
        case .didFinishLaunching: return .didFinishLaunching
        case .willEnterForeground: return .willEnterForeground
        case .didBecomeActive: return .didBecomeActive
        case .willResignActive: return .willResignActive
        case .didEnterBackground: return .didEnterBackground
        case .willTerminate: return .willTerminate
        case .didReceiveMemoryWarning: return .didReceiveMemoryWarning
        case .openURL: return .openURL
        }
    }
}

/// The kinds of ``AppEvent``, without payloads.
public enum AppEventKind: Hashable, Sendable, CaseIterable {
    /// ``AppEvent/didFinishLaunching``.
    case didFinishLaunching
    /// ``AppEvent/willEnterForeground``.
    case willEnterForeground
    /// ``AppEvent/didBecomeActive``.
    case didBecomeActive
    /// ``AppEvent/willResignActive``.
    case willResignActive
    /// ``AppEvent/didEnterBackground``.
    case didEnterBackground
    /// ``AppEvent/willTerminate``.
    case willTerminate
    /// ``AppEvent/didReceiveMemoryWarning``.
    case didReceiveMemoryWarning
    /// ``AppEvent/openURL(_:)``.
    case openURL
}

/// A custom app event with a typed payload.
///
/// ```swift
/// extension CustomEventKey where Payload == Int { static var cartChanged: Self { .init("cart.changed") } }
/// ```
public struct CustomEventKey<Payload: Sendable>: Hashable, Sendable {
    /// The event's name.
    package let name: String

    /// A key by name.
    public init(_ name: String) {
        self.name = name
    }
}
