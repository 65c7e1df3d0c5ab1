#if canImport(UIKit) && canImport(EventKit)
    import EventKit
    @_exported import KeelPermissions

    extension PermissionProvider where Self == SystemPermission {
        /// Calendar events and reminders (EventKit): register it with `PermissionCenter`; the
        /// app's Info.plist needs `NSCalendarsUsageDescription` and, for reminders,
        /// `NSRemindersUsageDescription`.
        @MainActor public static var calendar: SystemPermission {
            SystemPermission(
                kinds: [.calendar, .reminders],
                status: { kind in
                    switch kind.prompt {
                    case .events(let entity):
                        return PermissionStatusMapping.eventKit(
                            EKEventStore.authorizationStatus(for: EKEntityType(keel: entity)).rawValue)
                    default: return .unsupported
                    }
                },
                show: { prompt in
                    switch prompt {
                    case .events(let entity):
                        await SystemPermission.waitForAnswer { done in
                            EKEventStore().requestAccess(to: EKEntityType(keel: entity)) { _, _ in done() }
                        }
                    default: return
                    }
                })
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
