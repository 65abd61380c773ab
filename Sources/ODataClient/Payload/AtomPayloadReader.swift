import CLibXML2
import ODataModel

/// Placeholder until the Atom reader lands.
final class AtomPayloadReader {
    let ctx: DecodingContext
    private(set) var pageInfo = PageInfo()
    init(ctx: DecodingContext, target: PayloadTarget, emitEntity: @escaping (EntityValue) throws -> Void, emitValue: @escaping (DataValue) throws -> Void) {
        self.ctx = ctx
    }
    func feed(_ bytes: UnsafeRawBufferPointer) throws {}
    func finish() throws -> PageInfo { pageInfo }
}
