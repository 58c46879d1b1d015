import Testing
import Animation

@Suite("How far ahead a frame is drawn")
struct DrawAheadLeadTests {
    let period = 1.0 / 60

    @Test func startsAt6msAndFollowsTheLongestRecentDrawPlusMargin() {
        var lead = DrawAheadLead()
        #expect(lead.seconds == 0.006)
        lead.record(draw: 0.004, period: period)
        #expect(abs(lead.seconds - 0.0055) < 1e-12)
        lead.record(draw: 0.001, period: period)
        #expect(abs(lead.seconds - 0.0055) < 1e-12, "the longest of the recent draws, not the last")
    }

    @Test func staysWithinTwoMillisecondsAndThreeQuartersOfAPeriod() {
        var lead = DrawAheadLead()
        lead.record(draw: 0, period: period)
        #expect(lead.seconds == 0.002)
        lead.record(draw: 0.050, period: period)
        #expect(abs(lead.seconds - period * 0.75) < 1e-12)
        var fast = DrawAheadLead()
        fast.record(draw: 0.004, period: 1.0 / 144)
        #expect(abs(fast.seconds - 0.75 / 144) < 1e-12)
    }

    /// A long draw is forgotten after 30 others.
    @Test func remembersThirtyDraws() {
        var lead = DrawAheadLead()
        lead.record(draw: 0.010, period: period)
        for _ in 0..<29 { lead.record(draw: 0.001, period: period) }
        #expect(abs(lead.seconds - 0.0115) < 1e-12)
        lead.record(draw: 0.001, period: period)
        #expect(abs(lead.seconds - 0.0025) < 1e-12)
    }
}
