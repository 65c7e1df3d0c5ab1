import KeelSupport

/// A value from an environment configuration file: the original foundation's
/// `ConfigurationValue`, now KeelSupport's `JSONValue` (the same cases, in key order).
@available(*, deprecated, renamed: "JSONValue")
public typealias ConfigurationValue = JSONValue
