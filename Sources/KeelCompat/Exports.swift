// KeelCompat carries what the predecessors' modules gave their users implicitly: their UI
// module brought UIKit with it (`UILabel`, `UIImageView`) and Foundation (`IndexPath`,
// `URL`), so code that imported only it keeps compiling.
@_exported import Foundation

#if canImport(UIKit)
    @_exported import UIKit
#endif
