// The networking doubles run on KeelTesting's clock (`StubTransport` latency, server delays), so
// importing this module brings `TestClock` and the other general doubles with it.
@_exported import KeelTesting
