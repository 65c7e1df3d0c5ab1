import Testing

@testable import KeelSupport

@Suite("Civil dates and days since 1970")
struct CivilDateTests {
    @Test("known days, both ways")
    func knownDays() {
        #expect(CivilDate.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDate.days(year: 1969, month: 12, day: 31) == -1)
        #expect(CivilDate.days(year: 2000, month: 2, day: 29) == 11_016)
        #expect(CivilDate.days(year: 1994, month: 11, day: 6) == 9_075)
        #expect(CivilDate.date(fromDays: 11_016) == (2000, 2, 29))
        #expect(CivilDate.date(fromDays: -719_468) == (0, 3, 1))
    }

    @Test("every day from 1600 to 2400 round-trips, months and leap days included")
    func roundTrip() {
        var expected = CivilDate.days(year: 1600, month: 1, day: 1)
        for year in 1600...2400 {
            let lengths = [31, CivilDate.isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            for (index, length) in lengths.enumerated() {
                for day in 1...length {
                    #expect(CivilDate.days(year: year, month: index + 1, day: day) == expected)
                    let back = CivilDate.date(fromDays: expected)
                    #expect(back.year == year && back.month == index + 1 && back.day == day)
                    expected += 1
                }
            }
        }
    }
}
