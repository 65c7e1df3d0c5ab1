import Foundation
import KeelSupport

/// HEIC: an ISO base media file: `ftyp` with an image brand, then `meta` → `iprp` → `ipco` →
/// `ispe` (image spatial extents). The size is the `ispe` that `ipma` associates with the
/// primary item (`pitm`): in a grid image (iPhone photos) the first `ispe` is often a tile's.
/// Without `pitm` or `ipma` the first `ispe` is taken. When both are present but the primary
/// item has no `ispe`, the header is malformed: another item's extents (a 1×1 thumbnail's) say
/// nothing about the size the primary decodes to, and would let it past the pixel budget.
enum HEICHeader {
    /// Major brands accepted as HEIF images.
    static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

    static func parse(_ reader: ByteReader) throws -> ImageInfo {
        let boxes = try children(of: 0..<reader.count, in: reader, until: "meta")
        guard let meta = boxes.first(where: { $0.type == "meta" }) else {
            throw ImageHeaderError.malformed(format: .heic, offset: reader.count, reason: "no meta box")
        }
        // `meta` is a full box: 4 bytes of version and flags before its children.
        guard meta.body.count >= 4 else {
            throw ImageHeaderError.malformed(format: .heic, offset: meta.start, reason: "meta box too short")
        }
        let metaChildren = try children(of: (meta.body.lowerBound + 4)..<meta.body.upperBound, in: reader)
        guard let iprp = metaChildren.first(where: { $0.type == "iprp" }) else {
            throw ImageHeaderError.malformed(format: .heic, offset: meta.start, reason: "no iprp box in meta")
        }
        let iprpChildren = try children(of: iprp.body, in: reader)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }) else {
            throw ImageHeaderError.malformed(format: .heic, offset: iprp.start, reason: "no ipco box in iprp")
        }
        let properties = try children(of: ipco.body, in: reader)
        var primaryExtents: Box?
        let associations = iprpChildren.filter { $0.type == "ipma" }
        if let pitm = metaChildren.first(where: { $0.type == "pitm" }), !associations.isEmpty {
            let primary = try primaryItem(pitm, reader)
            // ISO/IEC 23008-12 allows several `ipma` boxes (one per version and flags): the
            // primary's properties may be listed in any of them. Indices are 1-based; 0 is none.
            var indices: [Int] = []
            for ipma in associations { indices += try propertyIndices(of: primary, in: ipma, reader) }
            primaryExtents = indices.lazy
                .filter { $0 >= 1 && $0 <= properties.count }
                .map { properties[$0 - 1] }
                .first { $0.type == "ispe" }
            guard primaryExtents != nil else {
                throw ImageHeaderError.malformed(
                    format: .heic, offset: pitm.start, reason: "primary item \(primary) has no ispe property")
            }
        }
        guard let ispe = primaryExtents ?? properties.first(where: { $0.type == "ispe" }) else {
            throw ImageHeaderError.malformed(format: .heic, offset: ipco.start, reason: "no ispe box in ipco")
        }
        guard ispe.body.count >= 12 else {
            throw ImageHeaderError.malformed(format: .heic, offset: ispe.start, reason: "ispe box too short")
        }
        let width = try reader.u32be(ispe.body.lowerBound + 4, .heic)
        let height = try reader.u32be(ispe.body.lowerBound + 8, .heic)
        return ImageInfo(format: .heic, width: width, height: height)
    }

    /// The primary item's ID from `pitm` (a full box: 16 bits in version 0, else 32).
    static func primaryItem(_ pitm: Box, _ reader: ByteReader) throws -> Int {
        let cursor = BoxCursor(box: pitm, reader: reader)
        let version = try cursor.u8(0)
        return version == 0 ? try cursor.u16(4) : try cursor.u32(4)
    }

    /// The property indices `ipma` associates with `item`, in order (empty when none).
    static func propertyIndices(of item: Int, in ipma: Box, _ reader: ByteReader) throws -> [Int] {
        let cursor = BoxCursor(box: ipma, reader: reader)
        let version = try cursor.u8(0)
        let wideIndices = try cursor.u8(3) & 1 == 1  // flags bit 0: 15-bit indices
        let entries = try cursor.u32(4)
        var offset = 8
        for _ in 0..<entries {
            let id = version < 1 ? try cursor.u16(offset) : try cursor.u32(offset)
            offset += version < 1 ? 2 : 4
            let count = try cursor.u8(offset)
            offset += 1
            var indices: [Int] = []
            for _ in 0..<count {
                // The top bit marks an essential property; the rest is the index.
                if wideIndices {
                    indices.append(try cursor.u16(offset) & 0x7FFF)
                    offset += 2
                } else {
                    indices.append(try cursor.u8(offset) & 0x7F)
                    offset += 1
                }
            }
            if id == item { return indices }
        }
        return []
    }

    /// Reads inside one box's body, so a count that runs past the box is an error naming it.
    struct BoxCursor {
        let box: Box
        let reader: ByteReader

        func check(_ offset: Int, _ size: Int) throws -> Int {
            let absolute = box.body.lowerBound + offset
            guard offset >= 0, absolute + size <= box.body.upperBound else {
                throw ImageHeaderError.malformed(
                    format: .heic, offset: box.start, reason: "\(box.type) box too short for its entries")
            }
            return absolute
        }

        func u8(_ offset: Int) throws -> Int { try reader.u8(check(offset, 1), .heic) }
        func u16(_ offset: Int) throws -> Int { try reader.u16be(check(offset, 2), .heic) }
        func u32(_ offset: Int) throws -> Int { try reader.u32be(check(offset, 4), .heic) }
    }

    struct Box {
        let type: String
        let start: Int
        let body: Range<Int>
    }

    /// The boxes directly inside `range` up to and including the first of type `wanted` (all of
    /// them when `wanted` is `nil`), each checked to lie within it.
    static func children(of range: Range<Int>, in reader: ByteReader, until wanted: String? = nil) throws
        -> [Box]
    {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let size32 = try reader.u32be(offset, .heic)
            let type = try reader.fourCC(offset + 4, .heic)
            var header = 8
            var size: Int
            switch size32 {
            case 0:
                size = range.upperBound - offset  // extends to the end of the enclosing range
            case 1:
                let large = try reader.u64be(offset + 8, .heic)
                guard large <= UInt64(Int.max) else {
                    throw ImageHeaderError.malformed(
                        format: .heic, offset: offset, reason: "box size \(large)")
                }
                size = Int(large)
                header = 16
            default:
                size = size32
            }
            guard size >= header else {
                throw ImageHeaderError.malformed(
                    format: .heic, offset: offset, reason: "box \(type) size \(size)")
            }
            guard size <= range.upperBound - offset else {
                throw ImageHeaderError.truncated(
                    format: .heic, offset: range.upperBound, needed: size - (range.upperBound - offset))
            }
            boxes.append(Box(type: type, start: offset, body: (offset + header)..<(offset + size)))
            if type == wanted { break }  // later boxes (often a large mdat) are not needed
            offset += size
        }
        return boxes
    }
}
