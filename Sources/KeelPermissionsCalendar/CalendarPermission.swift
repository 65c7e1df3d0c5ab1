#if canImport(UIKit) && canImport(EventKit)
    import EventKit
    @_exported import KeelPermissions

    /// Calendar events and reminders (EventKit). Register it with
    /// `PermissionCenter`; the app's Info.plist needs
    /// `NSCalendarsUsageDescription` and, for reminders, `NSRemindersUsageDescription`.
    @MainActor
    public final class CalendarPermission: PermissionProvider {
        /// Creates the provider.
        public init() {}

        /// `PermissionKind.calendar` and `PermissionKind.reminders`.
        public let kinds: [PermissionKind] = [.calendar, .reminders]

        /// EventKit's status for `kind`'s entity.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            switch kind.prompt {
            case .events(let entity):
                return PermissionStatusMapping.eventKit(
                    EKEventStore.authorizationStatus(for: EKEntityType(keel: entity)).rawValue)
            default: return .unsupported
            }
        }

        /// Shows EventKit's prompt for the prompt's entity.
        public func show(_ prompt: PermissionPrompt) async {
            switch prompt {
            case .events(let entity): await requestAccess(to: EKEntityType(keel: entity))
            default: return
            }
        }

        private func requestAccess(to entity: EKEntityType) async {
            await waitForAnswer { done in
                EKEventStore().requestAccess(to: entity) { _, _ in done() }
            }
        }
    }

    extension EKEntityType {
        /// EventKit's entity type of an event entity.
        fileprivate init(keel entity: PermissionEventEntity) {
            switch entity {
            case .event: self = .event
            case .reminder: self = .reminder
            }
        }
    }
#endif
