import Foundation
import KeelLists
import Testing

/// Data-source JSON nests a list in every drill-down item; how deep is up to the file. Decoding,
/// comparing, hashing and walking a deep file must neither overflow a background thread's stack
/// nor go unbounded: nesting past ``ListDataSource/maximumNestingDepth`` is a `DecodingError`.
@Suite("Data-source nesting depth")
struct ListDataSourceDepthTests {
    static func nested(_ depth: Int) -> Data {
        var json = ""
        for _ in 0..<depth { json += #"{"sections":[{"id":"s","items":[{"id":"i","child":"# }
        json += #"{"sections":[]}"#
        for _ in 0..<depth { json += "}]}]}" }
        return Data(json.utf8)
    }

    /// 512 KB, an app's background thread's stack; 8 MB under the thread sanitizer, whose
    /// instrumentation makes every frame several times larger.
    static var stackSize: Int {
        #if os(Linux)
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #else
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "__tsan_init") != nil ? 8 << 20 : 512 << 10
    }

    /// Runs `body` on a thread with a small stack, as an app's background queue has.
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                body()
                continuation.resume()
            }
            thread.stackSize = Self.stackSize
            thread.start()
        }
    }

    @Test("Nesting up to the limit decodes and walks on a small stack")
    func withinTheLimit() async {
        let data = Self.nested(ListDataSource.maximumNestingDepth)
        await Self.onSmallStack {
            let source = try? ListDataSource.decode(from: data)
            #expect(source != nil)
            #expect(source?.allIdentifiers(recursive: true).count == ListDataSource.maximumNestingDepth)
            #expect(source == source)
            _ = source?.hashValue
        }
    }

    @Test(
        "Nesting past the limit is a DecodingError, at the too-deep child when just past it",
        arguments: [1, 100, 5000])
    func pastTheLimit(extra: Int) async {
        let data = Self.nested(ListDataSource.maximumNestingDepth + extra)
        await Self.onSmallStack {
            do {
                _ = try ListDataSource.decode(from: data)
                Issue.record("a data source nested past the limit decoded")
            } catch DecodingError.dataCorrupted(let context) {
                // Just past the limit, the data source's own check names it; far past it, the JSON
                // reader's nesting limit (512 levels) stops first.
                if extra == 1 {
                    #expect(context.debugDescription.contains("nested more than"))
                    #expect(context.codingPath.count == 5 * (ListDataSource.maximumNestingDepth + 1))
                }
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}
