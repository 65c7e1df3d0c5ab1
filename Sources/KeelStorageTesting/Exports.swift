// Storage tests use the general doubles too (`TestClock`, `eventually`), so importing this
// module brings KeelTesting with it.
@_exported import KeelTesting
