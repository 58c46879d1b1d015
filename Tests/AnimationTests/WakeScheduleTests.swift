import Testing
import Animation

@Suite("When a still window wakes")
struct WakeScheduleTests {
    @Test func nothingPendingWaitsForAnEvent() {
        #expect(WakeSchedule().timeout == nil)
        #expect(WakeSchedule(slowdown: 10).timeout == nil)
    }

    /// Each reason alone is the wait; with all of them the earliest wins, whichever it is.
    @Test func theEarliestReasonWins() {
        #expect(WakeSchedule(clockTimer: 0.25).timeout == 0.25)
        #expect(WakeSchedule(scriptStep: 1.5).timeout == 1.5)
        #expect(WakeSchedule(exitDeadline: 3).timeout == 3)
        #expect(WakeSchedule(cursorChange: 2.9).timeout == 2.9)
        #expect(WakeSchedule(indicatorTick: 0.4).timeout == 0.4)
        #expect(WakeSchedule(driverCheck: 0.004).timeout == 0.004)
        #expect(abs(WakeSchedule(playlistStep: 4).timeout! - 4.001) < 1e-12)
        #expect(abs(WakeSchedule(attractStep: 60).timeout! - 60.001) < 1e-12)
        let all: [Double] = [0.7, 0.4, 0.9, 0.5, 0.3, 0.8]
        for earliest in all.indices {
            var t = all.map { $0 + 1 }
            t[earliest] = 0.05
            let s = WakeSchedule(clockTimer: t[0], scriptStep: t[1], exitDeadline: t[2], cursorChange: t[3],
                                 playlistStep: t[4], attractStep: t[5])
            let expected = earliest >= 4 ? 0.05 + WakeSchedule.sceneStepSlack : 0.05
            #expect(abs(s.timeout! - expected) < 1e-12, "reason \(earliest)")
        }
    }

    /// Steps already due wake at once (never a negative wait); scene-time steps are stretched
    /// by the slowdown, host-time ones are not.
    @Test func dueStepsWakeAtOnceAndSceneStepsFollowTheSlowdown() {
        #expect(WakeSchedule(scriptStep: -0.2, exitDeadline: 5).timeout == 0)
        #expect(WakeSchedule(exitDeadline: -1).timeout == 0)
        #expect(WakeSchedule(playlistStep: -3).timeout == WakeSchedule.sceneStepSlack)
        let slow = WakeSchedule(clockTimer: 5, attractStep: 0.4, slowdown: 10)
        #expect(abs(slow.timeout! - 4.001) < 1e-12)
        #expect(WakeSchedule(clockTimer: 0.4, slowdown: 10).timeout == 0.4)
        #expect(WakeSchedule(driverCheck: 0.004, slowdown: 10).timeout == 0.004)
    }
}
