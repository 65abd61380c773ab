import Testing
@testable import ODataShell

@Suite struct REPLHistoryFilterTests {
    @Test(arguments: [
        "set password hunter2",
        ":password s3cret",
        "\\set token eyJhbGciOiJIUzI1NiJ9",
        "set secret abc",
        "connect https://host/svc --user alice --password wonderland",
        "-u alice:wonderland",
        "connect -u alice:wonderland https://host/",
        "connect --user=alice:wonderland https://host/",
        "header Authorization: Basic YWxpY2U6d29uZGVybGFuZA==",
        "header Authorization Bearer abc.def.ghi",
        "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0",
        "password=hunter2",
        "login?user=alice&password=x",
        "set api-key 12345678",
        "header X-API-Key: 12345678",
        "header Cookie: SAP_SESSIONID=abc",
        "set client_secret xyz",
        "connect https://alice:wonderland@host/svc",
        "Users where Password eq 'hunter2'",
        "profile add prod --ClientSecret abc",
    ])
    func dropsSecrets(_ line: String) {
        #expect(!HistoryFilter.default.allows(line), "should drop: \(line)")
        #expect(HistoryFilter.looksSecret(line))
    }

    @Test(arguments: [
        "Customers where CompanyName eq 'Alfreds' top 3",
        "Orders(10248)/Order_Details expand Product",
        "describe Password",
        "Users select UserName, Password",
        "Customers skiptoken 'ALFKI'",
        "get /Customers?$skiptoken=ALFKI",
        "connect https://services.odata.org/V4/Northwind/Northwind.svc/",
        "Products where contains(ProductName, 'Chai')",
        "Müller",
        "pwd",
        "-u alice",
        "Basic",
    ])
    func keepsOrdinaryLines(_ line: String) {
        #expect(HistoryFilter.default.allows(line), "should keep: \(line)")
    }

    @Test func leadingSpaceKeepsALineOut() {
        #expect(!HistoryFilter.default.allows(" Customers top 1"))
        #expect(HistoryFilter.secrets.allows(" Customers top 1"))
    }

    @Test func callerFiltersCombine() {
        let noDeletes = HistoryFilter { !$0.hasPrefix("delete") }
        let f = HistoryFilter.default.and(noDeletes)
        #expect(!f.allows("delete Customers('ALFKI')"))
        #expect(!f.allows("set password x"))
        #expect(f.allows("Customers top 1"))
        #expect(HistoryFilter.keepAll.allows("set password x"))
    }
}
