import ODataModel

/// A property a write sets although the metadata says the service does not take it there: the property and why.
/// The request may still go (the service decides: some ignore the value, some refuse the request); a program
/// asks `DataRequest.writeRestrictions` before sending, to warn or to leave the property out.
public struct WriteRestriction: Hashable, Sendable, CustomStringConvertible {
    /// Why the metadata says the property is not written there.
    public enum Reason: String, Hashable, Sendable {
        /// V2 `sap:creatable="false"` on a create.
        case notCreatable = "sap:creatable=\"false\""
        /// V2 `sap:updatable="false"` on an update or replace.
        case notUpdatable = "sap:updatable=\"false\""
        /// `Core.Computed`: the service computes the value.
        case computed = "Core.Computed"
        /// `Core.Immutable` on an update or replace: the value is set on create only.
        case immutable = "Core.Immutable"
        /// `Common.FieldControl` fixed to `ReadOnly` or `Inapplicable`.
        case readOnly = "Common.FieldControl ReadOnly"
    }

    /// The property's name.
    public var property: String
    /// Why.
    public var reason: Reason

    /// A restriction of `property` for `reason`.
    public init(property: String, reason: Reason) { self.property = property; self.reason = reason }

    /// `Price (Core.Computed)`.
    public var description: String { "\(property) (\(reason.rawValue))" }

    /// The restrictions of a property set by a create (`creating`) or by an update: the first reason the metadata
    /// gives, nil when the property may be written.
    static func of(_ p: Property, creating: Bool) -> WriteRestriction? {
        let reason: Reason?
        if p.isComputed { reason = .computed }
        else if p.isReadOnlyByFieldControl { reason = .readOnly }
        else if creating { reason = p.sap.creatable ? nil : .notCreatable }
        else if p.isImmutable { reason = .immutable }
        else { reason = p.sap.updatable ? nil : .notUpdatable }
        return reason.map { WriteRestriction(property: p.name, reason: $0) }
    }
}

extension DataRequest {
    /// The properties this request sets that the metadata says the service does not take: on a create those marked
    /// `sap:creatable="false"`, `Core.Computed` or read-only by a fixed `Common.FieldControl`; on an update or replace
    /// those marked `sap:updatable="false"`, `Core.Immutable`, `Core.Computed` or read-only by a fixed field control (the key, which addresses the entity, is not counted). Those of every
    /// write in a batch, in order. Empty for other requests.
    public var writeRestrictions: [WriteRestriction] {
        switch kind {
        case .create(let e):
            return e.changedProperties.compactMap { WriteRestriction.of($0, creating: true) }
        case .update(let e), .replace(let e):
            let keys = Set(e.entityType.keyProperties.map(\.name))
            return e.changedProperties.filter { !keys.contains($0.name) }.compactMap { WriteRestriction.of($0, creating: false) }
        case .batch(let parts):
            return parts.flatMap { part -> [WriteRestriction] in
                switch part {
                case .request(let r): return r.writeRestrictions
                case .changeSet(let rs): return rs.flatMap(\.writeRestrictions)
                }
            }
        default:
            return []
        }
    }
}
