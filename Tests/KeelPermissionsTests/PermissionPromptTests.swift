import KeelPermissions
import Testing

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

    @Test("A request prompts only while the user has not decided", arguments: PermissionKind.allCases)
    func promptsOnlyWhenUndetermined(kind: PermissionKind) {
        #expect(kind.prompts(whenStatusIs: .notDetermined) == [kind.prompt])
        for status in [
            PermissionStatus.authorized, .denied, .restricted, .limited, .provisional, .unsupported,
            .missingProvider, .unknown,
        ] {
            #expect(kind.prompts(whenStatusIs: status).isEmpty, "\(kind) \(status)")
        }
    }

    @Test("Motion is unsupported without activity hardware; a location answer is anything but 0")
    func mappings() {
        #expect(PermissionStatusMapping.motion(3, isActivityAvailable: false) == .unsupported)
        #expect(PermissionStatusMapping.motion(3, isActivityAvailable: true) == .authorized)
        #expect(!PermissionStatusMapping.isLocationAnswer(0))
        #expect(PermissionStatusMapping.isLocationAnswer(4) && PermissionStatusMapping.isLocationAnswer(2))
    }
}
