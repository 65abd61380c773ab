import Foundation
import Testing
@testable import ODataClient
@testable import ODataModel
import TestSupport

/// `BodyJSON` reads and writes error bodies and token answers as Foundation's JSONSerialization did before odsh
/// went without Foundation: the tests compare the two (the tests still have Foundation).
struct BodyJSONTests {
    /// JSONSerialization's compact text with sorted keys and unescaped slashes.
    func foundationText(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    func bodyJSONText(_ json: String) throws -> String {
        let value = try #require(BodyJSON.object(Data(json.utf8)))
        return BodyJSON.compactText(value)
    }

    static let documents = [
        #"{"a":1,"B":2,"b":3,"_":4,"10":5,"9":6,"a1":7,"A":8,"z":10,"a-b":11,"a b":12,"a.b":13,"a01":14,"a001":15}"#,
        #"{"Error_Resolution":{"SAP_Transaction":"x","SAP_Note":"y"},"application":{"component_id":"C"},"transactionid":"T","timestamp":"20240501"}"#,
        #"{"n":[0,-0,1,100,-17,1.0,1.5,0.1,1e2,1E2,1e+2,1E-7,2.5e-300,1e300,1e15,1e16,0.000001,123456789012.5,-12.5E+3]}"#,
        #"{"n":[9223372036854775807,9223372036854775808,-9223372036854775808,18446744073709551615,18446744073709551616]}"#,
        #"{"n":[0.30000000000000004,1.23456789012345678,1.0000000000000000,0.1234567890123456,3.141592653589793,1234567890123456.0]}"#,
        #"{"s":"a/b\"c\\d\n\t\r\b\f\u0001\u001f\u007f é 😀 \u2028 <>&'"}"#,
        #"{"t":true,"f":false,"z":null,"e":{},"arr":[],"nested":[{"y":1,"x":[null,{"b":2,"a":1}]}]}"#,
        #"{"dup":1,"dup":2,"other":{"k":"first","k":"last"}}"#,
        "\u{FEFF}{\"bom\":1}",
    ]

    @Test func writesWhatJSONSerializationWrote() throws {
        for json in Self.documents {
            #expect(try bodyJSONText(json) == foundationText(json), "\(json)")
        }
    }

    @Test func numbersReadAsNSNumberShowedThem() throws {
        let texts = ["0", "-0", "0.0", "-0.0", "1.5", "100", "1e2", "1E2", "1.0", "1.000000000000000", "1.0000000000000000",
                     "0.1234567890123456", "12345678901234567", "1234567890123456.0", "123456789012345.0",
                     "9223372036854775808", "-9223372036854775808", "18446744073709551616", "12345678901234567e3",
                     "1.2345678901234567e3", "1.234567890123456e3", "1e-400", "1e308", "0.30000000000000004", "1e22",
                     "0.00001234", "123.456e-2", "-12.5E+3", "1e15", "1e16"]
        for text in texts {
            let number = try #require(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [NSNumber]).first!
            #expect(BodyJSON.Number(text)?.text == number.stringValue, "\(text)")
        }
        #expect(BodyJSON.Number("1e400") == nil && BodyJSON.object(Data(#"{"a":[1e400]}"#.utf8)) == nil)
    }

    @Test func keysInTheOrderJSONSerializationSortedThem() throws {
        // Seeded, so that a run is repeatable; 2,000 sets of keys. (A random generator once found "1Z" before "01z":
        // fewer leading zeros decide before case.)
        var generator = SplitMix64(seed: 2611)
        let alphabet = Array("aAbBzZ019_-. /$~")
        #expect(BodyJSON.keyPrecedes("1Z", "01z") && !BodyJSON.keyPrecedes("01z", "1Z"))
        for _ in 0..<2000 {
            let keys = Set((0..<12).map { _ in
                String((0..<Int.random(in: 1...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            })
            let object = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            let json = String(decoding: data, as: UTF8.self)
            let theirs = try #require(BodyJSON.object(data)?.objectValue).map(\.key)
            let ours = keys.sorted(by: BodyJSON.keyPrecedes)
            #expect(ours == theirs, "\(json)")
        }
    }

    @Test func errorBodiesWithTheOddCases() throws {
        func parse(_ text: String) -> ODataErrorResponse? { ODataErrorResponse.parseJSON(Data(text.utf8)) }
        // A repeated member counts with its last value; numbers and true as NSNumber showed them.
        let e = try #require(parse(#"{"error":{"code":1,"code":2.50,"message":true,"target":null,"innererror":{"b":1.0,"A":"x/y"}}}"#))
        #expect(e.code == "2.5" && e.message == "1" && e.target == "")
        #expect(e.innerError == #"{"A":"x/y","b":1}"#)
        // An inner error that is a string is cut to length; a number is left out; an empty object too.
        #expect(parse(#"{"error":{"code":"c","message":"m","innererror":"trace"}}"#)?.innerError == "trace")
        #expect(parse(#"{"error":{"code":"c","message":"m","innererror":42}}"#)?.innerError == nil)
        #expect(parse(#"{"error":{"code":"c","message":"m","innererror":{"errordetails":[]}}}"#)?.innerError == nil)
        // Details that are not all objects are no details, and stay in the inner error.
        let d = try #require(parse(#"{"error":{"code":"c","message":"m","innererror":{"errordetails":[{"code":"x"},1]}}}"#))
        #expect(d.details.isEmpty && d.innerError == #"{"errordetails":[{"code":"x"},1]}"#)
        let v2 = try #require(parse(#"""
            {"error":{"code":"c","message":{"lang":"de","value":"v"},"details":[{"code":"d","message":"dm","target":"",
             "propertyref":"P","severity":"warning"}],"innererror":[1,"a"]}}
            """#))
        #expect(v2.message == "v" && v2.language == "de" && v2.innerError == #"[1,"a"]"#)
        #expect(v2.details == [.init(code: "d", message: "dm", target: "P", severity: "warning")])
        let objects = try #require(parse(#"{"error":{"code":{"x":[1,2]},"message":{"value":{"a":{}}},"innererror":{}}}"#))
        #expect(objects.code == #"{"x":[1,2]}"# && objects.message == #"{"a":{}}"# && objects.innerError == nil)
        // "error": null is no error, even with an "odata.error" beside it.
        #expect(parse(#"{"error":null,"odata.error":{"code":"c","message":"m"}}"#) == nil)
    }
}
