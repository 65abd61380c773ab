/// The REPL's commands: each starts with a dot, so it cannot be mistaken for a statement.
enum ReplCommandCatalog {
    struct Command {
        let name: String
        let arguments: String
        let summary: String
    }

    static let commands: [Command] = [
        Command(name: ".help", arguments: "[statements|expressions|commands]", summary: "help, or help on a topic"),
        Command(name: ".sets", arguments: "", summary: "entity sets and singletons, with sizes and SAP labels"),
        Command(name: ".describe", arguments: "NAME", summary: "a set, type, function or action in detail"),
        Command(name: ".annotations", arguments: "[TARGET] [--term PATTERN]", summary: "annotations: target, term, qualifier, value"),
        Command(name: ".find", arguments: "TEXT", summary: "search names, SAP labels and descriptions of the whole model"),
        Command(name: ".functions", arguments: "", summary: "function and action imports, actions and functions"),
        Command(name: ".url", arguments: "STATEMENT", summary: "the request a statement makes, without sending it"),
        Command(name: ".curl", arguments: "[--with-secrets] [STATEMENT]",
                summary: "the last request (or a statement's) as a curl command; secrets as $VARIABLES"),
        Command(name: ".next", arguments: "", summary: "the next page of the last result that had more"),
        Command(name: ".show", arguments: "[N [NAME]]", summary: "the last result in full, its row N, or one value of it"),
        Command(name: ".output", arguments: "[FILE]", summary: "results to FILE in the format set; alone: to the terminal"),
        Command(name: ".format", arguments: "table|vertical|json|ndjson|csv", summary: "set the output format"),
        Command(name: ".set", arguments: "NAME VALUE", summary: "change a setting (.settings lists them)"),
        Command(name: ".settings", arguments: "", summary: "show the settings"),
        Command(name: ".trace", arguments: "off|on|data|pretty", summary: "trace HTTP requests (secrets redacted)"),
        Command(name: ".timing", arguments: "on|off", summary: "show how long each statement takes"),
        Command(name: ".refresh", arguments: "[--open-enums] [--allow-changes] [--allow-removals]",
                summary: "reload $metadata, check compatibility, apply when compatible"),
        Command(name: ".services", arguments: "[TEXT]", summary: "the services of this SAP system's Gateway catalogs"),
        Command(name: ".verify", arguments: "[--top N] [--jobs N]", summary: "read every entity set with $top, N at a time; OK, FAIL or SKIP each"),
        Command(name: ".history", arguments: "[N]", summary: "the last N statements (20)"),
        Command(name: ".open", arguments: "SERVICE", summary: "open another service of the system (technical name or alias)"),
        Command(name: ".quit", arguments: "", summary: "leave (also .exit, or Ctrl-D)"),
    ]

    static var names: [String] { commands.map(\.name) + [".exit"] }

    static func commandsHelp() -> String {
        let width = commands.map { $0.name.count + 1 + $0.arguments.count }.max() ?? 0
        return "Commands (a leading dot; anything else is a statement):\n" + commands.map { c in
            let head = c.arguments.isEmpty ? c.name : "\(c.name) \(c.arguments)"
            return "  " + head + String(repeating: " ", count: width - head.count + 2) + c.summary
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
