// libsystemd: the service manager's notification protocol (sd_notify, the watchdog) and the
// journal's native protocol (sd_journal_sendv), as systemd documents them.
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
