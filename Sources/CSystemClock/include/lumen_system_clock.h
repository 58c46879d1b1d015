// The real-time clock as a kiosk's schedule needs it: an alarm at a wall-clock instant that
// also goes off when someone (NTP at boot, an operator, a suspended machine waking) sets the
// clock, with timerfd(2)'s TFD_TIMER_CANCEL_ON_SET. Not in Swift's Glibc module, hence C.
#ifndef LUMEN_SYSTEM_CLOCK_H
#define LUMEN_SYSTEM_CLOCK_H
#include <stdint.h>

/// A new alarm (a CLOCK_REALTIME timerfd, close-on-exec, and an eventfd to stop its wait), or
/// -1. `alarm_out` and `stop_out` get the two descriptors.
int lumen_clock_alarm_open(int *alarm_out, int *stop_out);

/// Arms the alarm for `seconds_since_epoch` (absolute, on the real-time clock), cancelled
/// when the clock is set. Returns 0 or -1.
int lumen_clock_alarm_arm(int alarm, double seconds_since_epoch);

/// Waits for the alarm or the stop: 1 when the instant came, 2 when the clock was set, 0 when
/// `stop` was written, -1 on error.
int lumen_clock_alarm_wait(int alarm, int stop);

/// Writes the stop descriptor, ending a wait.
void lumen_clock_alarm_stop(int stop);

/// Sets the real-time clock to what it reads now (needs CAP_SYS_TIME): every alarm sees a
/// clock set, the time itself moves by the microseconds the call takes. For the tests.
int lumen_clock_set_to_now(void);
#endif
