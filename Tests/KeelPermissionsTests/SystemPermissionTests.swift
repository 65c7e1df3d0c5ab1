import Dispatch
import KeelPermissions
import Testing

/// A framework binding as each provider module builds one, over a fake framework: a status
/// table a prompt's answer changes.
extension PermissionProvider where Self == SystemPermission {
    @MainActor fileprivate static func fakeFramework(
        _ framework: FakeFramework, kinds: [PermissionKind] = [.camera, .microphone]
    ) -> SystemPermission {
        SystemPermission(
            kinds: kinds,
            status: { kind in framework.statuses[kind] ?? .unsupported },
            show: { prompt in
                await SystemPermission.waitForAnswer { done in framework.ask(prompt, then: done) }
            })
    }
}

/// Answers every prompt asynchronously, from another queue, as the frameworks do.
@MainActor
private final class FakeFramework {
    var statuses: [PermissionKind: PermissionStatus]
    private(set) var asked: [PermissionPrompt] = []

    init(_ statuses: [PermissionKind: PermissionStatus]) { self.statuses = statuses }

    func ask(_ prompt: PermissionPrompt, then done: @escaping @Sendable () -> Void) {
        asked.append(prompt)
        for (kind, _) in statuses where kind.prompt == prompt { statuses[kind] = .authorized }
        DispatchQueue.global().async { done() }
    }
}

@MainActor
@Suite("SystemPermission: one provider type over each privacy framework")
struct SystemPermissionTests {
    @Test("A framework binding is written as a static member where a provider is expected")
    func staticMemberRegisters() async {
        let framework = FakeFramework([.camera: .notDetermined, .microphone: .denied])
        let center = PermissionCenter(providers: [.fakeFramework(framework)])
        #expect(center.supportedKinds == [.camera, .microphone])
        #expect(await center.status(of: .microphone) == .denied)
        #expect(await center.status(of: .photos) == .missingProvider)
    }

    @Test("A request shows the framework's prompt, waits for its answer, then reads the status again")
    func requestWaitsForTheAnswer() async {
        let framework = FakeFramework([.camera: .notDetermined, .microphone: .notDetermined])
        let center = PermissionCenter()
        center.register(.fakeFramework(framework))
        #expect(await center.request(.camera) == .authorized)
        #expect(framework.asked == [.captureDevice(.video)])
        #expect(await center.request(.camera) == .authorized)
        #expect(framework.asked.count == 1)
    }

    @Test("The provider reports the kinds and statuses its framework gives")
    func providerForwards() async {
        let framework = FakeFramework([.contacts: .restricted])
        let provider = SystemPermission.fakeFramework(framework, kinds: [.contacts])
        #expect(provider.kinds == [.contacts])
        #expect(await provider.status(of: .contacts) == .restricted)
        await provider.show(.contacts)
        #expect(framework.asked == [.contacts])
        #expect(await provider.status(of: .contacts) == .authorized)
    }
}
