#define _GNU_SOURCE
#include "lumen_system_clock.h"
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int lumen_clock_alarm_open(int *alarm_out, int *stop_out) {
    int alarm = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
    if (alarm < 0) return -1;
    int stop = eventfd(0, EFD_CLOEXEC);
    if (stop < 0) { close(alarm); return -1; }
    *alarm_out = alarm;
    *stop_out = stop;
    return 0;
}

int lumen_clock_alarm_arm(int alarm, double seconds_since_epoch) {
    struct itimerspec when = { 0 };
    double whole = floor(seconds_since_epoch);
    when.it_value.tv_sec = (time_t)whole;
    when.it_value.tv_nsec = (long)((seconds_since_epoch - whole) * 1e9);
    // A zero value would disarm the timer, and with it the clock-set notice.
    if (when.it_value.tv_sec <= 0) when.it_value.tv_sec = 1;
    return timerfd_settime(alarm, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &when, NULL);
}

int lumen_clock_alarm_wait(int alarm, int stop) {
    struct pollfd fds[2] = { { alarm, POLLIN, 0 }, { stop, POLLIN, 0 } };
    for (;;) {
        int n = poll(fds, 2, -1);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (fds[1].revents) return 0;
        uint64_t expirations = 0;
        if (read(alarm, &expirations, sizeof expirations) == sizeof expirations) return 1;
        if (errno == ECANCELED) return 2;
        if (errno != EAGAIN && errno != EINTR) return -1;
    }
}

void lumen_clock_alarm_stop(int stop) {
    uint64_t one = 1;
    (void)!write(stop, &one, sizeof one);
}

int lumen_clock_set_to_now(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_REALTIME, &now) != 0) return -1;
    return clock_settime(CLOCK_REALTIME, &now);
}
