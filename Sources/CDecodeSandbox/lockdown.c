// A worker's lock-down: descriptors, resource limits, no new privileges, and the seccomp filter
// (libseccomp) that allows only what decoding needs.
#define _GNU_SOURCE
#include "lumen_decode_sandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static int fail(char *error, const char *what) {
    snprintf(error, LUMEN_SANDBOX_ERROR_SIZE, "%s: %s", what, strerror(errno));
    return -1;
}

/// Bytes of address space mapped now (the first field of /proc/self/statm, in pages).
static uint64_t mapped_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "re");
    unsigned long long pages = 0;
    if (f) { if (fscanf(f, "%llu", &pages) != 1) pages = 0; fclose(f); }
    return (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

static void close_all_but_socket(void) {
    for (int fd = 0; fd < LUMEN_SANDBOX_SOCKET; fd++) close(fd);
    if (syscall(SYS_close_range, LUMEN_SANDBOX_SOCKET + 1, ~0U, 0) != 0) {
        for (int fd = LUMEN_SANDBOX_SOCKET + 1; fd < 65536; fd++) close(fd);
    }
}

static int limit(int resource, rlim_t soft, rlim_t hard) {
    struct rlimit r = { soft, hard };
    return setrlimit(resource, &r);
}

/// What decoding needs, and nothing that reaches outside the process: no open, no socket, no
/// exec, no signals to others, no ptrace. Everything else kills the worker (SIGSYS).
static int install_filter(char *error) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!ctx) { snprintf(error, LUMEN_SANDBOX_ERROR_SIZE, "cannot make a seccomp filter"); return -1; }
    static const int allowed[] = {
        // Reading the photos handed over, and answering.
        SCMP_SYS(read), SCMP_SYS(pread64), SCMP_SYS(readv), SCMP_SYS(lseek), SCMP_SYS(fstat),
        SCMP_SYS(recvmsg), SCMP_SYS(sendmsg), SCMP_SYS(close), SCMP_SYS(fcntl), SCMP_SYS(ppoll), SCMP_SYS(poll),
        // Memory, and the shared memory the pixels go back in.
        SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect), SCMP_SYS(madvise),
        SCMP_SYS(brk), SCMP_SYS(memfd_create), SCMP_SYS(ftruncate),
        // Threads a library may start, and what a runtime asks of itself.
        SCMP_SYS(futex), SCMP_SYS(set_robust_list), SCMP_SYS(rseq), SCMP_SYS(sched_yield),
        SCMP_SYS(sched_getaffinity), SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getrandom),
        SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday), SCMP_SYS(nanosleep),
        SCMP_SYS(clock_nanosleep), SCMP_SYS(getrusage), SCMP_SYS(sysinfo), SCMP_SYS(sigaltstack),
        SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(membarrier),
        SCMP_SYS(exit), SCMP_SYS(exit_group),
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0] && rc == 0; i++)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, allowed[i], 0);
    // fstat as glibc makes it: newfstatat(fd, "", st, AT_EMPTY_PATH), never a path.
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(newfstatat), 1, SCMP_A3(SCMP_CMP_EQ, AT_EMPTY_PATH));
    // Its own CPU limit (setrlimit is prlimit64(0, RLIMIT_CPU, …)), and no other.
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2,
                                       SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A1(SCMP_CMP_EQ, RLIMIT_CPU));
    // Signals to itself only (abort raises SIGABRT with tgkill).
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)getpid()));
    // Threads, not processes: clone only with CLONE_THREAD; clone3's flags are out of reach of a
    // filter, so it says "not here" and glibc falls back to clone.
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                       SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) { snprintf(error, LUMEN_SANDBOX_ERROR_SIZE, "cannot install the seccomp filter: %s", strerror(-rc)); return -1; }
    return 0;
}

int lumen_sandbox_enter(pid_t parent, uint64_t address_space_bytes, uint64_t cpu_seconds, char *error) {
    close_all_but_socket();
    // A crash ends the worker by its own signal, for the app to report: no runtime's crash
    // handler (the Swift backtracer would try to start a program) in between.
    static const int crashes[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS };
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
    // No PR_SET_PDEATHSIG: it fires when the *thread* that started the worker ends (a decode
    // thread the app's queue lets go), not the app. A worker ends with the app all the same:
    // its socket reads the end, and a decode in progress runs into its CPU limit.
    if (getppid() != parent) { snprintf(error, LUMEN_SANDBOX_ERROR_SIZE, "the app has gone"); return -1; }
    uint64_t space = mapped_bytes() + address_space_bytes;
    if (limit(RLIMIT_CORE, 0, 0) != 0) return fail(error, "RLIMIT_CORE");
    if (limit(RLIMIT_NOFILE, 16, 16) != 0) return fail(error, "RLIMIT_NOFILE");
    if (limit(RLIMIT_AS, (rlim_t)space, (rlim_t)space) != 0) return fail(error, "RLIMIT_AS");
    if (limit(RLIMIT_CPU, (rlim_t)cpu_seconds, (rlim_t)cpu_seconds) != 0) return fail(error, "RLIMIT_CPU");
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return fail(error, "PR_SET_NO_NEW_PRIVS");
    return install_filter(error);
}

int lumen_sandbox_cpu_budget(double seconds) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    double used = (double)usage.ru_utime.tv_sec + (double)usage.ru_stime.tv_sec
                + ((double)usage.ru_utime.tv_usec + (double)usage.ru_stime.tv_usec) / 1e6;
    struct rlimit r;
    if (getrlimit(RLIMIT_CPU, &r) != 0) return -1;
    rlim_t soft = (rlim_t)(used + seconds + 1);
    if (r.rlim_max != RLIM_INFINITY && soft > r.rlim_max) soft = r.rlim_max;
    r.rlim_cur = soft;
    return setrlimit(RLIMIT_CPU, &r);
}
