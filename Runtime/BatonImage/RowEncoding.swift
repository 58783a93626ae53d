import Baton

/// The image's binary row: a format byte, the type's name number, the cells (each a field's name
/// number and a tagged value). Names are numbers of the file's names table, because slot numbers
/// belong to a process; a link's type and key are names too (a key is linked from many rows).
/// Integers are LEB128 varints (signed ones zigzagged), text is its UTF-8 bytes after their count,
/// floats their 8 bytes. A list of links to records of one type names the type once (`linksOfType`).
package enum RowEncoding {
    static let format: UInt8 = 2

    private enum Tag: UInt8 {
        case null = 0
        case falseValue
        case trueValue
        case int
        case float
        case string
        case link
        case links
        case list
        /// A list of links whose targets share one type: the count, the type, then each entry a
        /// null (0) or a key (1 and its number). Most lists are (a character's episodes).
        case linksOfType
    }

    // MARK: Encoding

    package static func encode(_ row: ImageRow, names: (String) -> Int) -> [UInt8] {
        var out: [UInt8] = [format]
        out.reserveCapacity(16 + row.cells.count * 12)
        varint(UInt64(names(row.type)), &out)
        varint(UInt64(row.cells.count), &out)
        for (field, value) in row.cells {
            varint(UInt64(names(field)), &out)
            encode(value, names: names, &out)
        }
        return out
    }

    package static func encode(_ value: ImageValue, names: (String) -> Int) -> [UInt8] {
        var out: [UInt8] = []
        encode(value, names: names, &out)
        return out
    }

    private static func encode(_ value: ImageValue, names: (String) -> Int, _ out: inout [UInt8]) {
        switch value {
        case .null: out.append(Tag.null.rawValue)
        case .bool(let flag): out.append(flag ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
        case .int(let number):
            out.append(Tag.int.rawValue)
            varint(UInt64(bitPattern: Int64((number << 1) ^ (number >> (Int.bitWidth - 1)))), &out)
        case .float(let number):
            out.append(Tag.float.rawValue)
            var bits = number.bitPattern
            for _ in 0..<8 {
                out.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        case .string(let text):
            out.append(Tag.string.rawValue)
            bytes(text, &out)
        case .link(let link):
            out.append(Tag.link.rawValue)
            encode(link, names: names, &out)
        case .links(let links):
            if let type = links.first(where: { $0 != nil })??.type, links.allSatisfy({ $0 == nil || $0!.type == type }) {
                out.append(Tag.linksOfType.rawValue)
                varint(UInt64(links.count), &out)
                varint(UInt64(names(type)), &out)
                for link in links {
                    guard let link else {
                        out.append(0)
                        continue
                    }
                    out.append(1)
                    varint(UInt64(names(link.key)), &out)
                }
                return
            }
            out.append(Tag.links.rawValue)
            varint(UInt64(links.count), &out)
            for link in links {
                guard let link else {
                    out.append(0)
                    continue
                }
                out.append(1)
                encode(link, names: names, &out)
            }
        case .list(let values):
            out.append(Tag.list.rawValue)
            varint(UInt64(values.count), &out)
            for value in values { encode(value, names: names, &out) }
        }
    }

    private static func encode(_ link: ImageLink, names: (String) -> Int, _ out: inout [UInt8]) {
        varint(UInt64(names(link.type)), &out)
        varint(UInt64(names(link.key)), &out)
    }

    private static func bytes(_ text: String, _ out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            varint(UInt64(utf8.count), &out)
            out.append(contentsOf: utf8)
        }
    }

    private static func varint(_ value: UInt64, _ out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    // MARK: Decoding

    /// A row as far as it makes sense: the cells before the first one that does not decode (or
    /// names a name the file does not hold). Nil when not even the header decodes.
    package static func decode(_ bytes: [UInt8], key: String, names: (Int) -> String?) -> ImageRow? {
        decode(bytes, key: key, names: names) { _ in }
    }

    /// `decode`, telling `field` each decoded cell's field number, in order (the image resolves
    /// slots by number, once per type and field).
    package static func decode(
        _ bytes: [UInt8], key: String, names: (Int) -> String?, field: (Int) -> Void
    ) -> ImageRow? {
        var reader = Reader(bytes: bytes)
        guard reader.byte() == format, let typeNumber = reader.nameNumber(), let type = names(typeNumber),
            let count = reader.varint()
        else { return nil }
        var cells: [(field: String, value: ImageValue)] = []
        cells.reserveCapacity(Int(min(count, 4096)))
        for _ in 0..<count {
            guard let fieldNumber = reader.nameNumber(), let name = names(fieldNumber),
                let value = decodeValue(&reader, names: names, depth: 0)
            else { break }
            cells.append((name, value))
            field(fieldNumber)
        }
        return ImageRow(key: key, type: type, cells: cells, replaces: false)
    }

    package static func decodeValue(_ bytes: [UInt8], names: (Int) -> String?) -> ImageValue? {
        var reader = Reader(bytes: bytes)
        return decodeValue(&reader, names: names, depth: 0)
    }

    private static func decodeValue(_ reader: inout Reader, names: (Int) -> String?, depth: Int) -> ImageValue? {
        guard depth < 64, let raw = reader.byte(), let tag = Tag(rawValue: raw) else { return nil }
        switch tag {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .int:
            guard let bits = reader.varint() else { return nil }
            let unsigned = Int(truncatingIfNeeded: bits)
            return .int(Int(bitPattern: UInt(bitPattern: unsigned) >> 1) ^ -(unsigned & 1))
        case .float:
            guard let bits = reader.fixed64() else { return nil }
            return .float(Double(bitPattern: bits))
        case .string:
            return reader.text().map { .string($0) }
        case .link:
            return decodeLink(&reader, names: names).map { .link($0) }
        case .links:
            guard let count = reader.varint() else { return nil }
            return decodeLinkList(&reader, count: count) { reader in decodeLink(&reader, names: names) }
        case .linksOfType:
            guard let count = reader.varint(), let typeNumber = reader.nameNumber(), let type = names(typeNumber)
            else { return nil }
            return decodeLinkList(&reader, count: count) { reader in
                guard let keyNumber = reader.nameNumber(), let key = names(keyNumber) else { return nil }
                var link = ImageLink(key: key, type: type)
                link.number = keyNumber
                return link
            }
        case .list:
            guard let count = reader.varint(), count <= reader.remaining else { return nil }
            var values: [ImageValue] = []
            values.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let value = decodeValue(&reader, names: names, depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .list(values)
        }
    }

    /// A list of links: each entry a null (0) or a link (1, then what `link` reads).
    private static func decodeLinkList(
        _ reader: inout Reader, count: UInt64, link: (inout Reader) -> ImageLink?
    ) -> ImageValue? {
        guard count <= reader.remaining else { return nil }
        var links: [ImageLink?] = []
        links.reserveCapacity(Int(count))
        for _ in 0..<count {
            switch reader.byte() {
            case 0: links.append(nil)
            case 1:
                guard let decoded = link(&reader) else { return nil }
                links.append(decoded)
            default: return nil
            }
        }
        return .links(links)
    }

    private static func decodeLink(_ reader: inout Reader, names: (Int) -> String?) -> ImageLink? {
        guard let typeNumber = reader.nameNumber(), let type = names(typeNumber), let keyNumber = reader.nameNumber(),
            let key = names(keyNumber)
        else { return nil }
        var link = ImageLink(key: key, type: type)
        link.number = keyNumber
        return link
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var remaining: UInt64 { UInt64(bytes.count - position) }

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = byte() {
                guard shift < 64 else { return nil }
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        /// A name's number: a varint that fits an `Int` (a damaged row's may not, and then names
        /// nothing).
        mutating func nameNumber() -> Int? {
            varint().flatMap { Int(exactly: $0) }
        }

        mutating func fixed64() -> UInt64? {
            guard bytes.count - position >= 8 else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
            position += 8
            return value
        }

        mutating func text() -> String? {
            guard let count = varint(), count <= remaining else { return nil }
            let end = position + Int(count)
            defer { position = end }
            return String(decoding: bytes[position..<end], as: UTF8.self)
        }
    }
}
