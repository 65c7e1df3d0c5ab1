// Configuration values are KeelSupport's one JSON value type; an app reading its environment
// names them without importing KeelSupport.
@_exported import struct KeelSupport.JSONObject
@_exported import enum KeelSupport.JSONValue
