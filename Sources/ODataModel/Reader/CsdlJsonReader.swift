// Placeholder replaced by the CSDL JSON reader branch.
enum CsdlJsonReader {
    static func read(bytes: UnsafeRawBufferPointer, source: String) throws -> CsdlDocument {
        throw MetadataError(source: source, MetadataIssue(.error, code: "not-supported", "CSDL JSON is not supported yet"))
    }
}
