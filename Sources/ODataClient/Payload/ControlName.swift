import Glibc

/// OData control information and annotation terms (`odata.` optional, as 4.01 allows).
enum ControlName {
    case type, etag, id, editLink, readLink, context, count, nextLink, deltaLink, navigationLink, associationLink
    case mediaReadLink, mediaEditLink, mediaContentType, mediaEtag, bind, removed
    case other(String)

    init(term b: UnsafeRawBufferPointer) {
        var t = b
        if t.count > 6, memcmp(t.baseAddress!, "odata.", 6) == 0 { t = UnsafeRawBufferPointer(start: t.baseAddress! + 6, count: t.count - 6) }
        switch String(decoding: t, as: UTF8.self) {
        case "type": self = .type
        case "etag": self = .etag
        case "id": self = .id
        case "editLink": self = .editLink
        case "readLink": self = .readLink
        case "context": self = .context
        case "count": self = .count
        case "nextLink": self = .nextLink
        case "deltaLink": self = .deltaLink
        case "navigationLink": self = .navigationLink
        case "associationLink": self = .associationLink
        case "mediaReadLink": self = .mediaReadLink
        case "mediaEditLink": self = .mediaEditLink
        case "mediaContentType": self = .mediaContentType
        case "mediaEtag": self = .mediaEtag
        case "bind": self = .bind
        case "removed": self = .removed
        default: self = .other(String(decoding: b, as: UTF8.self))
        }
    }
}
