import Foundation
import Glibc
import Testing
@testable import ODataShell

/// The metadata cache's sidecar dates, read by hand (`MetadataCache.internetDate`) instead of through `.iso8601`
/// decoding: every date the encoder writes reads back as the same date, and nothing else reads as one.
struct MetadataCacheDateTests {
    struct Stamp: Codable { var at: Date }

    @Test("what the sidecar's encoder writes reads back", arguments: [0.0, 1_795_836_130, 951_782_400, 4_102_444_799, -86_400])
    func roundTrip(_ seconds: Double) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let json = try JSONSerialization.jsonObject(with: encoder.encode(Stamp(at: Date(timeIntervalSince1970: seconds))))
        let text = try #require((json as? [String: Any])?["at"] as? String)
        #expect(MetadataCache.internetDate(text) == Date(timeIntervalSince1970: seconds), "\(text)")
    }

    @Test("the days since 1970 are those timegm counts, every day from 1600 to 2400")
    func daysLikeTimegm() {
        var mismatches: [String] = []
        for year in stride(from: 1600, through: 2400, by: 1) {
            for month in 1...12 {
                for day in [1, 15, 28, 29, 30, 31] {
                    var parts = tm()
                    (parts.tm_year, parts.tm_mon, parts.tm_mday) = (Int32(year - 1900), Int32(month - 1), Int32(day))
                    let expected = Int(timegm(&parts)) / 86_400
                    let got = MetadataCache.daysSinceEpoch(year: year, month: month, day: day)
                    if got != expected { mismatches.append("\(year)-\(month)-\(day): \(got), timegm \(expected)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func offsetsAndWrongText() {
        #expect(MetadataCache.internetDate("2026-11-28T04:22:10+01:00") == MetadataCache.internetDate("2026-11-28T03:22:10Z"))
        #expect(MetadataCache.internetDate("2026-11-28T01:52:10-01:30") == MetadataCache.internetDate("2026-11-28T03:22:10Z"))
        #expect(MetadataCache.internetDate("2026-11-28T03:22:10Z")?.timeIntervalSince1970 == 1_795_836_130)
        for bad in ["", "2026-11-28", "2026-11-28 03:22:10Z", "2026-13-28T03:22:10Z", "2026-11-28T25:22:10Z",
                    "2026-11-28T03:22:10", "2026-11-28T03:22:10.5Z", "2026-11-28T03:22:10+0100", "２０26-11-28T03:22:10Z"] {
            #expect(MetadataCache.internetDate(bad) == nil, "\(bad)")
        }
    }
}
