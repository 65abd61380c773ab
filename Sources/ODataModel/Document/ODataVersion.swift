import FoundationEssentials

/// The OData protocol version a metadata document describes.
public enum ODataVersion: String, Sendable, Comparable, CaseIterable {
    /// OData V2 (and V1): SAP Gateway's common dialect; `DataServiceVersion` 1.0 or 2.0.
    case v2 = "2.0"
    /// OData V3.
    case v3 = "3.0"
    /// OData V4.0 (OASIS).
    case v4 = "4.0"
    /// OData V4.01 (OASIS).
    case v401 = "4.01"

    /// True for 4.0 and 4.01: the OASIS CSDL family.
    public var isV4: Bool { self == .v4 || self == .v401 }

    /// Orders versions from the oldest (V2) to the newest (V4.01).
    public static func < (a: ODataVersion, b: ODataVersion) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Reads a version number as written in `Version`, `$Version` or `DataServiceVersion` ("1.0" counts as V2).
    public init?(versionString s: String) {
        let t = s.trimmingBlanks()
        switch t {
        case "1.0", "2.0": self = .v2
        case "3.0": self = .v3
        case "4.0": self = .v4
        case "4.01": self = .v401
        default: return nil
        }
    }
}
