import Testing

@testable import KeelPermissions

@Suite("Permission prompts")
struct PermissionPromptTests {
    @Test("Every permission has its system prompt")
    func table() {
        let expected: [PermissionKind: PermissionPrompt] = [
            .camera: .captureDevice(.video), .microphone: .captureDevice(.audio), .photos: .photoLibrary,
            .locationWhenInUse: .location(.whenInUse), .locationAlways: .location(.always),
            .notifications: .notifications, .contacts: .contacts, .calendar: .events(.event),
            .reminders: .events(.reminder), .bluetooth: .bluetooth, .motion: .motion,
        ]
        #expect(Set(expected.keys) == Set(PermissionKind.allCases))
        for kind in PermissionKind.allCases { #expect(kind.prompt == expected[kind], "\(kind)") }
    }

    @Test(
        "A request prompts while the user has not decided, or to upgrade partial access",
        arguments: PermissionKind.allCases)
    func promptsOnlyWhenUndetermined(kind: PermissionKind) {
        #expect(kind.prompts(whenStatusIs: .notDetermined) == [kind.prompt])
        for status in [
            PermissionStatus.authorized, .denied, .restricted, .provisional, .unsupported,
            .missingProvider, .unknown,
        ] {
            #expect(kind.prompts(whenStatusIs: status).isEmpty, "\(kind) \(status)")
        }
        // Used to be empty for every kind: when-in-use was never upgraded to always, nor
        // write-only calendar access to full access.
        let upgrades: Set<PermissionKind> = [.locationAlways, .calendar]
        #expect(
            kind.prompts(whenStatusIs: .limited) == (upgrades.contains(kind) ? [kind.prompt] : []), "\(kind)")
    }

    @Test("Motion is unsupported without activity hardware; a location answer is anything but 0")
    func mappings() {
        #expect(PermissionStatusMapping.motion(3, isActivityAvailable: false) == .unsupported)
        #expect(PermissionStatusMapping.motion(3, isActivityAvailable: true) == .authorized)
        #expect(!PermissionStatusMapping.isLocationAnswer(0))
        #expect(PermissionStatusMapping.isLocationAnswer(4) && PermissionStatusMapping.isLocationAnswer(2))
    }

    /// Bug: the wait ended only at a delegate answer. An upgrade to always that iOS does not
    /// show (it shows it at most once) gets no delegate call, and the delegate's report of
    /// the unchanged status when it is set used to end the wait before the user answered.
    @MainActor
    @Test("a location wait ends at a new answer, or for an upgrade when the prompt is gone")
    func locationWait() {
        var ended = 0
        // A first request: 0 (not determined) is no answer; 4 (when in use) is.
        let first = LocationAuthorizationWait(before: 0) { ended += 1 }
        first.statusChanged(to: 0)
        first.graceElapsed()
        first.becameActive()
        #expect(ended == 0)
        first.statusChanged(to: 4)
        first.statusChanged(to: 3)
        #expect(ended == 1)
        // An upgrade from when in use: the unchanged status is not the answer; the app coming
        // back after the prompt is.
        ended = 0
        let upgrade = LocationAuthorizationWait(before: 4) { ended += 1 }
        upgrade.statusChanged(to: 4)
        upgrade.becameActive()
        #expect(ended == 0)
        upgrade.resignedActive()
        upgrade.graceElapsed()
        #expect(ended == 0)
        upgrade.becameActive()
        #expect(ended == 1)
        // An upgrade iOS did not show: the grace period ends it.
        ended = 0
        let unshown = LocationAuthorizationWait(before: 4) { ended += 1 }
        unshown.graceElapsed()
        unshown.statusChanged(to: 3)
        #expect(ended == 1)
        // An upgrade granted: the new status ends it.
        ended = 0
        let granted = LocationAuthorizationWait(before: 4) { ended += 1 }
        granted.resignedActive()
        granted.statusChanged(to: 3)
        #expect(ended == 1)
    }
}
