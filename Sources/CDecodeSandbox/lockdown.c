// A worker's lock-down: descriptors, resource limits, no new privileges, and the seccomp filter
// (libseccomp) that allows only what decoding needs.
#define _GNU_SOURCE
#include "lumen_decode_sandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <malloc.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
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

/// The report of a forbidden system call, sent from the SIGSYS handler on the socket: the
/// tag, then the call's number and the architecture, as the app's `WorkerReply` reads them
/// (little-endian Int64s).
static void report_forbidden_call(int sig, siginfo_t *info, void *context) {
    (void)sig; (void)context;
    int64_t words[3] = { LUMEN_SANDBOX_REPORT_FORBIDDEN_CALL, info->si_syscall, (int64_t)info->si_arch };
    struct iovec part = { words, sizeof words };
    struct msghdr message = { 0 };
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    sendmsg(LUMEN_SANDBOX_SOCKET, &message, MSG_NOSIGNAL);
    // Then the end by SIGSYS itself, as the kill would have done: its default action, unblocked.
    struct sigaction fatal = { 0 };
    fatal.sa_handler = SIG_DFL;
    sigaction(SIGSYS, &fatal, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, SIGSYS);
    syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGSYS);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    syscall(SYS_exit_group, 128 + SIGSYS);
}

static int install_reporter(void) {
    struct sigaction action = { 0 };
    action.sa_sigaction = report_forbidden_call;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGSYS, &action, NULL);
}

/// What decoding needs, and nothing that reaches outside the process: no open, no socket, no
/// exec, no signals to others, no ptrace. Anything else traps (SIGSYS): the handler names the
/// call on the socket and the worker ends by SIGSYS, the call never made. A worker that
/// replaced the handler gains nothing (the call is still not made), and a second trap while
/// the handler runs is delivered blocked, which the kernel turns into the plain kill.
static int install_filter(char *error) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
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
    // A thread naming itself (dav1d's "dav1d-worker"), and no other prctl.
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) { snprintf(error, LUMEN_SANDBOX_ERROR_SIZE, "cannot install the seccomp filter: %s", strerror(-rc)); return -1; }
    return 0;
}

int lumen_sandbox_enter(pid_t parent, uint64_t address_space_bytes, uint64_t cpu_seconds, char *error) {
    close_all_but_socket();
    // A crash ends the worker by its own signal, for the app to report: no runtime's crash
    // handler (the Swift backtracer would try to start a program) in between.
    static const int crashes[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
    if (install_reporter() != 0) return fail(error, "SIGSYS handler");
    // One malloc arena: glibc reads /proc/sys/vm/overcommit_memory the first time a thread's own
    // arena shrinks (libheif's tile threads), and each such arena reserves 64 MB of the address
    // space the limit below counts. In the main arena every thread stays in the brk heap.
    mallopt(M_ARENA_MAX, 1);
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

void lumen_sandbox_syscall_name(int64_t number, int64_t arch, char *name, size_t capacity) {
    uint32_t architecture = arch == 0 ? SCMP_ARCH_NATIVE : (uint32_t)arch;
    char *known = number >= 0 && number <= INT32_MAX ? seccomp_syscall_resolve_num_arch(architecture, (int)number) : NULL;
    snprintf(name, capacity, "%s", known ? known : "unknown");
    free(known);
}

int lumen_sandbox_prctl(int name_thread, unsigned long dumpable) {
    return name_thread ? prctl(PR_SET_NAME, "lumen-fault", 0, 0, 0) : prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0);
}
