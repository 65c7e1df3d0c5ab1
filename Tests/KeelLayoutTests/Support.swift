import KeelLayout
import KeelSupport

/// A measure function that counts its calls (thread-safe) and returns a fixed content size.
final class CountingMeasure: Sendable {
    private let calls = Locked(0)
    private let size: Locked<Size>

    init(width: Double, height: Double) {
        size = Locked(Size(width: width, height: height))
    }

    var count: Int { calls.withLock { $0 } }

    func setSize(_ newSize: Size) { size.withLock { $0 = newSize } }

    var function: MeasureFunction {
        MeasureFunction { [self] request in
            calls.withLock { $0 += 1 }
            let size = size.withLock { $0 }
            return Size(
                width: request.knownWidth ?? size.width, height: request.knownHeight ?? size.height)
        }
    }
}

/// A style built in place.
func style(_ change: (inout LayoutStyle) -> Void) -> LayoutStyle {
    var style = LayoutStyle()
    change(&style)
    return style
}
