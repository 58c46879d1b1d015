import Glibc

/// The system's time zone, as the C library knows it: the TZ variable, else /etc/localtime.
/// Each reading looks at the zone again (`tzset`), so a zone changed while Lumen runs
/// (`timedatectl set-timezone`) is followed from the next reading on.
package enum SystemTimeZone {
    /// Local clock reading at `instant` (seconds since 1970-01-01 00:00 UTC): the civil date
    /// and the seconds since local midnight.
    package static func local(_ instant: Double) -> (year: Int, month: Int, day: Int, second: Int) {
        tzset()
        var t = time_t(instant.rounded(.down))
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return (1970, 1, 1, 0) }
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec))
    }

    /// The instant local clocks read `second` seconds after midnight of the date (mktime(3),
    /// letting it decide daylight saving): a reading skipped when clocks go forward lands that
    /// far after the gap (02:30 on a night 02:00 becomes 03:00 is 03:30); a reading that
    /// happens twice when they go back is one of the two.
    package static func instant(year: Int, month: Int, day: Int, second: Int) -> Double {
        tzset()
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(second / 3600)
        parts.tm_min = Int32(second / 60 % 60)
        parts.tm_sec = Int32(second % 60)
        parts.tm_isdst = -1
        return Double(mktime(&parts))
    }

    /// Seconds since 1970-01-01 00:00 UTC now, from the real-time clock (which NTP or a user
    /// may set, unlike the monotonic clock frames run on).
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
