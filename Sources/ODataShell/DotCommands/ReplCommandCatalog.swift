/// The REPL's commands: each starts with a dot, so it cannot be mistaken for a statement.
enum ReplCommandCatalog {
    /// Every dot-command, in the order `.help` lists them.
    static var commands: [any DotCommand.Type] {[
        HelpDotCommand.self, SetsDotCommand.self, DescribeDotCommand.self, AnnotationsDotCommand.self, FindDotCommand.self,
        FunctionsDotCommand.self, URLDotCommand.self, CurlDotCommand.self, NextDotCommand.self, ShowDotCommand.self,
        OutputDotCommand.self, FormatDotCommand.self, SetDotCommand.self, SettingsDotCommand.self, TraceDotCommand.self,
        TimingDotCommand.self, RefreshDotCommand.self, ServicesDotCommand.self, VerifyDotCommand.self,
        HistoryDotCommand.self, OpenDotCommand.self, QuitDotCommand.self,
    ]}

    static var declarations: [DotCommandDeclaration] { commands.map { $0.declaration } }

    /// The names completion offers where a statement may start: each command's, and its aliases that are words
    /// (`.exit`; not the one-letter `.q`, `.h`, `.?`).
    static var names: [String] {
        declarations.flatMap { [$0.name] + $0.aliases.filter { $0.count > 3 } }
    }

    /// The command a name (any case, with its dot) stands for.
    static func command(named name: String) -> (any DotCommand.Type)? {
        let lower = name.lowercased()
        return commands.first { $0.declaration.isNamed(lower) }
    }

    static func commandsHelp() -> String {
        let heads = declarations.map(\.usage)
        let width = heads.map(\.count).max() ?? 0
        return "Commands (a leading dot; anything else is a statement):\n" + zip(heads, declarations).map { head, c in
            "  " + head + String(repeating: " ", count: width - head.count + 2) + c.summary
        }.joined(separator: "\n") + "\n"
            + "Output taller than the terminal goes through $PAGER (else less -FRSX); .set pager off writes it straight out.\n"
            + "Ctrl-C clears the line or cancels the request; Ctrl-D on an empty line leaves.\n"
    }

    static let statementsHelp = """
        Statements (keywords are case-insensitive, names are not; TAB completes):
          Customers                                   all entities of a set (first page)
          Customers('ALFKI')                          one entity by key; composite: Order_Details(OrderID=10248, ProductID=11)
          Customers('ALFKI')/Orders                   navigation
          Customers where Country = 'UK' select CustomerID, CompanyName order by CompanyName desc top 10 skip 20
          Orders expand Customer(select CompanyName), Order_Details(where Quantity > 10; top 3) count
          count Customers where Country = 'UK'        the number only ($count)
          search Products "chai"                      full-text search ($search, V4)
          create Customers {CustomerID: 'NEWCO', CompanyName: 'New Co'}
          create Orders {CustomerID: 'NEWCO', Employee: Employees(1), Order_Details: [{ProductID: 1, Quantity: 2}]}
          replace Customers('NEWCO') {CompanyName: 'New'}   PUT: what is not given is reset
          update Customers('NEWCO') {ContactName: 'Jean-Luc Picard'}
          delete Customers('NEWCO') [force]           If-Match: the ETag read in this session (force: If-Match *)
          call GetProductsByRating(rating=4)          a function or action import; call F(ids=[1, 2], to={City: 'Oslo'})
          Products(1)/NS.PriceWithTax(rate=10)        a bound function; call Products(1)/NS.Discount(pct=5): an action
          users('a')/memberOf/microsoft.graph.group   a cast; Customers/$count, Photos(1)/$value
          link Categories(1)/Products to Products(5)  add a reference ($ref, V2 $links); unlink Categories(1)/Products(5)
          Employees expand Employees1(levels 2)       $levels; Items where NS.Derived/Extra eq 1 casts (V4)
          get /Customers?$top=2                       a raw URL (relative, or of the service's origin), sent as written
          batch; Customers(1); changeset; create ...; update ...; end; end   one $batch (a line each works too)
        Statements end at a newline or ';' (not inside brackets or strings); an open bracket continues the line.
        A result shows one page here (.next shows the next); scripts (-c, -f, stdin) read every page.

        """

    static let expressionsHelp = """
        Expressions (after where, in order by and in keys):
          comparison   =  ==  !=  <>  <  <=  >  >=  (OData's eq ne lt le gt ge too)    null: City = null
          logic        and  or  not  ( )
          arithmetic   +  -  *  /  %  (add sub mul div mod too)
          membership   Country in ('UK', 'USA')      flags: Style has Pattern.Red (or a bare member name)
          lambdas      Order_Details/any(d: d/Quantity > 100)   all(...)
          functions    contains startswith endswith length indexof substring tolower toupper trim concat
                       year month day hour minute second date time now round floor ceiling isof cast
          literals     'text' or "text" (escapes \\' \\" \\\\ \\n), 42, 3.14, 1e3, true, false, null,
                       1997-01-01, 1997-01-01T10:00:00Z, 10:30:00, duration'P1D', 7d9f...-guid, binary'AQID',
                       enum members by bare name where the other side is an enum property
        Literals take the type of the property on the other side and are written as the service's version needs
        (V2: datetime'...', 12.5M, 5L, guid'...'; V4: bare dates and GUIDs, Namespace.Enum'Member').

        """
}
