#if canImport(UIKit)
    import UIKit
    import KeelLayout
#endif
