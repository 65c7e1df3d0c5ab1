import KeelSupport

/// CRC-32 (IEEE 802.3) lives in KeelSupport, shared with the disk store's entries; the PNG
/// header parser reads it under its old name.
typealias CRC32 = KeelSupport.CRC32
