import ODataModel

/// A reading of all pages that the next links made end badly: a cycle of next links (a page that links to itself,
/// A→B→A, 1→2→3→1), or a run of empty pages that still link on, cut before its end. Rows read before stay read.
public struct PagingError: CategorizedError, CustomStringConvertible, Sendable {
    /// How the reading ended.
    public enum Kind: Sendable, Equatable {
        /// A next link that names a page this reading requested before (absolute; redacted in `description`).
        case cycle(link: String, pagesRead: Int)
        /// `pages` empty pages in a row, each with a next link: the next one (absolute) was not followed, so the
        /// result may have more rows than were read.
        case emptyPagesCut(pages: Int, nextLink: String)
    }

    /// How the reading ended.
    public let kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// Both are answers that cannot be read as a whole result.
    public var category: ErrorCategory { .invalidData }

    /// What happened, in one sentence with the link (passwords redacted; the service's text as it came, for the
    /// caller to escape before a terminal shows it).
    public var description: String {
        switch kind {
        case .cycle(let link, let pages):
            return "the service's next links go round in a circle: after \(pages) page\(pages == 1 ? "" : "s") the next link "
                + "\(Redaction.redactURLPasswords(link)) names a page already read; the rows read so far "
                + "were kept, the rest was not read"
        case .emptyPagesCut(let pages, let link):
            return "reading stopped after \(pages) empty pages in a row that each linked to another (next: "
                + "\(Redaction.redactURLPasswords(link))); the result may have more rows"
        }
    }
}
