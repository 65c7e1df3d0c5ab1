import KeelPermissions
import Testing

/// A provider that answers from a table and records the prompts it is asked to show; a shown
/// prompt turns its kinds' status into `answer`.
@MainActor
final class FakeProvider: PermissionProvider {
    let kinds: [PermissionKind]
    var statuses: [PermissionKind: PermissionStatus]
    let answer: PermissionStatus
    private(set) var shown: [PermissionPrompt] = []

    init(_ kinds: [PermissionKind], status: PermissionStatus, answer: PermissionStatus = .authorized) {
        self.kinds = kinds
        self.statuses = Dictionary(uniqueKeysWithValues: kinds.map { ($0, status) })
        self.answer = answer
    }

    func status(of kind: PermissionKind) async -> PermissionStatus { statuses[kind] ?? .unsupported }

    func show(_ prompt: PermissionPrompt) async {
        shown.append(prompt)
        for kind in kinds where kind.prompt == prompt { statuses[kind] = answer }
    }
}

@MainActor
@Suite("PermissionCenter: one facade over the providers an app registers")
struct PermissionCenterTests {
    @Test(
        "A kind no provider answers for is missingProvider (the article's missingFramework) and never prompted"
    )
    func unregisteredIsUnavailable() async {
        let camera = FakeProvider([.camera, .microphone], status: .notDetermined)
        let center = PermissionCenter(providers: [camera])
        #expect(await center.status(of: .locationWhenInUse) == .missingProvider)
        #expect(await center.request(.contacts) == .missingProvider)
        #expect(camera.shown.isEmpty)
        #expect(await PermissionCenter().status(of: .camera) == .missingProvider)
        #expect(center.supportedKinds == [.camera, .microphone])
    }

    @Test("Status comes from the provider that answers for the kind")
    func statusIsRouted() async {
        let camera = FakeProvider([.camera, .microphone], status: .denied)
        let location = FakeProvider([.locationWhenInUse, .locationAlways], status: .authorized)
        let center = PermissionCenter(providers: [camera, location])
        #expect(await center.status(of: .microphone) == .denied)
        #expect(await center.status(of: .locationAlways) == .authorized)
        #expect(center.provider(for: .locationWhenInUse) === location)
    }

    @Test("An undetermined permission shows its prompt once, then reports the answer")
    func requestPromptsWhenNotDetermined() async {
        let camera = FakeProvider([.camera, .microphone], status: .notDetermined, answer: .authorized)
        let center = PermissionCenter(providers: [camera])
        #expect(await center.request(.microphone) == .authorized)
        #expect(camera.shown == [.captureDevice(.audio)])
        #expect(await center.status(of: .camera) == .notDetermined)
    }

    @Test("A decided permission is not prompted again (Settings changes it)")
    func requestDoesNotPromptWhenDecided() async {
        let photos = FakeProvider([.photos], status: .denied)
        let center = PermissionCenter(providers: [photos])
        #expect(await center.request(.photos) == .denied)
        #expect(photos.shown.isEmpty)
    }

    @Test("The provider registered first wins a kind; register appends")
    func registrationOrder() async {
        let first = FakeProvider([.camera], status: .restricted)
        let second = FakeProvider([.camera, .bluetooth], status: .authorized)
        let center = PermissionCenter(providers: [first])
        center.register(second)
        #expect(await center.status(of: .camera) == .restricted)
        #expect(await center.status(of: .bluetooth) == .authorized)
        #expect(center.providers.count == 2)
        #expect(center.supportedKinds == [.camera, .bluetooth])
    }

    /// Bug: with when-in-use granted, `request(.locationAlways)` saw `limited`, showed
    /// nothing and returned `limited`: the upgrade to always was never asked for.
    @Test("A when-in-use location is upgraded by request(.locationAlways)")
    func locationAlwaysUpgrades() async {
        let location = FakeProvider([.locationAlways], status: .limited, answer: .authorized)
        let center = PermissionCenter(providers: [location])
        #expect(await center.request(.locationAlways) == .authorized)
        #expect(location.shown == [.location(.always)])
        // Partial photo access is not re-prompted (the system offers its own picker).
        let photos = FakeProvider([.photos], status: .limited)
        #expect(await PermissionCenter(providers: [photos]).request(.photos) == .limited)
        #expect(photos.shown.isEmpty)
    }
}
