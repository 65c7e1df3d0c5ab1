import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// FIFOs and devices where a reader expects a file, for the tests that every reader refuses
/// them at once with a typed error instead of blocking in `open` (a FIFO without a writer) or
/// reading without end (`/dev/zero`).
package enum SpecialFiles {
    /// What a reader run by ``outcome(releasing:within:_:)`` did.
    package enum Outcome: Sendable {
        /// It returned without an error.
        case returned
        /// It threw `error`.
        case threw(any Error)
        /// It had not returned within the bound (the FIFO was then opened for writing to
        /// release it).
        case hung

        /// The error thrown, if the reader threw.
        package var error: (any Error)? {
            if case .threw(let error) = self { return error }
            return nil
        }
    }

    /// A new folder of its own in the temporary directory (the caller removes it).
    package static func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new FIFO named `name` in `directory` (`mkfifo`, mode 0600).
    package static func makeFIFO(in directory: URL, named name: String = "fifo") throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard mkfifo(url.path, 0o600) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return url
    }

    /// Runs `body` in a task of its own and reports what it did, without blocking a thread
    /// of the caller's while it runs. If it has not finished within `bound` (a reader that
    /// refuses the file returns at once, far inside it), the FIFO at `fifo` is opened for
    /// writing, which releases a reader blocked on it, and the outcome is ``Outcome/hung``:
    /// the test fails rather than hangs.
    package static func outcome(
        releasing fifo: URL? = nil, within bound: TimeInterval = 60,
        _ body: @escaping @Sendable () async throws -> Void
    ) async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let pending = Locked<CheckedContinuation<Outcome, Never>?>(continuation)
            let finish: @Sendable (Outcome) -> Void = { outcome in
                pending.withLock { waiting in
                    waiting?.resume(returning: outcome)
                    waiting = nil
                }
            }
            Task.detached {
                do {
                    try await body()
                    finish(.returned)
                } catch {
                    finish(.threw(error))
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + bound) {
                guard pending.withLock({ $0 != nil }) else { return }
                finish(.hung)
                if let fifo {
                    let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
                    if writer >= 0 { close(writer) }
                }
            }
        }
    }
}
