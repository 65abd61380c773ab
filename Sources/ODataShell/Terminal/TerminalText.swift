import CLibEdit
import FoundationEssentials
import Glibc

/// Locale and display width of text on a terminal.
enum TerminalText {
    private static let localeOnce: Bool = {
        // libedit decodes multi-byte input through the C locale: under the default "C" locale it silently drops
        // non-ASCII input. Take LC_CTYPE from the environment; if that is not UTF-8 (LANG unset, or a Latin-1
        // locale), fall back to C.UTF-8, since OData text is UTF-8 and Swift strings are too. Only LC_CTYPE
        // changes: number formatting (LC_NUMERIC) stays "C".
        setlocale(LC_CTYPE, "")
        if !isUTF8 {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.utf8") }
        }
        return true
    }()

    /// Sets LC_CTYPE once for the process (see above); called by `LineEditor` before libedit starts.
    static func prepareLocale() { _ = localeOnce }

    /// Whether the C library's character type locale is UTF-8.
    static var isUTF8: Bool {
        guard let cs = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: cs).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Columns the text takes on a terminal: wide (East Asian) characters and emoji count 2, combining marks 0
    /// (per grapheme cluster: `DisplayWidth`).
    static func displayWidth(_ text: String) -> Int { DisplayWidth.of(text) }

    /// The text padded with spaces to `width` display columns.
    static func pad(_ text: String, to width: Int) -> String {
        let w = displayWidth(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }
}
