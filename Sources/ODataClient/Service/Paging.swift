/// How far `DataService.execute` follows a server's next links.
public enum Paging: Sendable {
    /// Only the page the request's URL answers with.
    case firstPage
    /// Every page, each requested only once the previous one has been consumed.
    case allPages
}
