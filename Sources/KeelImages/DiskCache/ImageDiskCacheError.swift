import KeelSupport

/// Problems the disk cache meets: the shared engine's (`DiskStoreError`). Reads never throw
/// them: a corrupt entry is removed and reported as a miss, a corrupt index is rebuilt from
/// the directory.
package typealias ImageDiskCacheError = DiskStoreError
