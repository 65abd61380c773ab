import Foundation
import ODataClient
import TestSupport

/// The $metadata of the sign-in gateway's OAuth2-protected Northwind, fetched through `signIn`: what the browser and
/// device sign-in tests read to see that a sign-in gave a token the service takes.
@discardableResult
func metadata(_ signIn: OAuth2SignIn, _ gateway: AuthGateway) throws -> String {
    var c = HTTPConfiguration()
    c.signIn = signIn
    var bytes = Data()
    try HTTPClient(configuration: c).fetchMetadata(serviceURL: gateway.base + "/oauth/northwind/") { bytes.append(contentsOf: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
