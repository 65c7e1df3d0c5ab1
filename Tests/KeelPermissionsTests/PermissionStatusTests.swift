import KeelPermissions
import Testing

@Suite struct PermissionStatusTests {
    @Test(arguments: [
        (0, PermissionStatus.notDetermined), (1, .restricted), (2, .denied), (3, .authorized), (99, .unknown),
    ])
    func avFoundationBluetoothMotion(raw: Int, expected: PermissionStatus) {
        #expect(PermissionStatusMapping.avAuthorization(raw) == expected)
        #expect(PermissionStatusMapping.bluetooth(raw) == expected)
        #expect(PermissionStatusMapping.motion(raw) == expected)
    }

    @Test func photosContactsAndEventKitHaveALimitedCase() {
        #expect(PermissionStatusMapping.photos(4) == .limited)
        #expect(PermissionStatusMapping.contacts(4) == .limited)
        #expect(PermissionStatusMapping.eventKit(4) == .limited)
        #expect(PermissionStatusMapping.eventKit(3) == .authorized)
        #expect(PermissionStatusMapping.photos(3) == .authorized)
    }

    @Test func locationDependsOnWhatWasRequested() {
        #expect(PermissionStatusMapping.location(4, requested: .locationWhenInUse) == .authorized)
        #expect(PermissionStatusMapping.location(4, requested: .locationAlways) == .limited)
        #expect(PermissionStatusMapping.location(3, requested: .locationAlways) == .authorized)
        #expect(PermissionStatusMapping.location(0, requested: .locationAlways) == .notDetermined)
        #expect(PermissionStatusMapping.location(-5, requested: .locationAlways) == .unknown)
    }

    @Test func notificationsIncludeProvisionalAndEphemeral() {
        #expect(PermissionStatusMapping.notifications(1) == .denied)
        #expect(PermissionStatusMapping.notifications(3) == .provisional)
        #expect(PermissionStatusMapping.notifications(4) == .authorized)
        #expect(PermissionStatus.provisional.isUsable)
        #expect(!PermissionStatus.denied.isUsable)
        #expect(PermissionStatus.notDetermined.canRequest)
    }

    @Test func recordPermissionFourCharacterCodes() {
        #expect(PermissionStatusMapping.recordPermission(0x756E_6474) == .notDetermined)
        #expect(PermissionStatusMapping.recordPermission(0x6772_6E74) == .authorized)
        #expect(PermissionStatusMapping.recordPermission(0x6465_6E79) == .denied)
        #expect(PermissionStatusMapping.recordPermission(0x7A7A_7A7A) == .unknown)
    }

    @Test(
        "The framework article's statuses: unknown, unsupported and a missing provider are neither usable nor requestable"
    )
    func articleStatuses() {
        for status in [PermissionStatus.unknown, .unsupported, .missingProvider] {
            #expect(!status.isUsable, "\(status)")
            #expect(!status.canRequest, "\(status)")
        }
        #expect(PermissionStatusMapping.notifications(7) == .unknown)
        #expect(PermissionStatusMapping.photos(9) == .unknown)
    }

    @Test("the article's permission statuses: unknown, unsupported and a missing framework")
    func permissionStatuses() {
        #expect(PermissionStatusMapping.avAuthorization(42) == .unknown)
        #expect(PermissionStatusMapping.motion(3, isActivityAvailable: false) == .unsupported)
        for status in [PermissionStatus.unknown, .unsupported, .missingProvider] {
            #expect(!status.isUsable && !status.canRequest, "\(status)")
        }
    }
}
