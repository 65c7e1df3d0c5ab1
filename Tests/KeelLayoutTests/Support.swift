import Testing

@testable import KeelLayout
