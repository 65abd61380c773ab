import Foundation
import Testing
@testable import ODataShell

/// The fetch dates `odsh cache list` and the stale-cache warning show: local time in whole seconds, as the
/// DateFormatter odsh used before it went without Foundation wrote them.
struct CacheDateTextTests {
    @Test func localTimeInWholeSecondsAsDateFormatterWroteIt() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for seconds in [0, 951_782_400.999, 1_700_000_000.5, 1_711_846_800, 1_719_792_000, 1_729_990_800, 4_102_444_799] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(MetadataLoader.dateText(date) == formatter.string(from: date), "\(seconds)")
        }
    }
}
