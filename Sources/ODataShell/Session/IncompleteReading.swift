import ODataClient
import ODataModel

/// A statement whose reading of all pages was cut short by the next-link guard (a run of empty pages that still
/// linked on): the rows read were written, but the result may have more. A warning, and the statement fails with
/// the exit status of invalid data, so that a script can tell.
struct IncompleteReading: CategorizedError, CustomStringConvertible {
    var cause: PagingError

    var category: ErrorCategory { cause.category }

    var description: String {
        "warning: \(cause) (cap the reading with top N or --row-limit N to accept a part; `count` reads up to the "
            + "service's inline count)"
    }
}
