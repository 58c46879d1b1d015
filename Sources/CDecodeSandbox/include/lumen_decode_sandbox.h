// The process edge of Lumen's decoder workers: starting one, passing descriptors over its
// socket, and the lock-down a worker puts itself under before it reads any photo.
//
// A worker is the `lumen` binary started again (posix_spawn, never a bare fork of the threaded
// app) with one end of a SOCK_SEQPACKET socket pair as descriptor 3. It closes every other
// descriptor, sets its resource limits and PR_SET_NO_NEW_PRIVS, and installs a seccomp filter
// (libseccomp) that ends it on any system call decoding does not need (open, socket, execve,
// ptrace…), after it has reported the call on its socket. Every call returns 0 (or a
// descriptor, a count) on success and -1 on failure with a one-line reason in `error`
// (LUMEN_SANDBOX_ERROR_SIZE bytes) where it takes one.
#ifndef LUMEN_DECODE_SANDBOX_H
#define LUMEN_DECODE_SANDBOX_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define LUMEN_SANDBOX_ERROR_SIZE 256
/// The descriptor a worker finds its socket on.
#define LUMEN_SANDBOX_SOCKET 3
/// The most descriptors one message carries.
#define LUMEN_SANDBOX_MAX_FDS 4
/// The first word of the message a worker's SIGSYS handler sends when the filter stopped a
/// system call: then the call's number and its architecture (AUDIT_ARCH_*), three Int64s.
#define LUMEN_SANDBOX_REPORT_FORBIDDEN_CALL 2

/// Starts `executable` with `argument` as its one argument and the worker's end of a new
/// socket pair as descriptor 3. The app's end (close-on-exec) goes to `socket_out`.
int lumen_sandbox_spawn(const char *executable, const char *argument, pid_t *pid_out, int *socket_out, char *error);

/// Sends one message of `size` bytes with `count` descriptors (SCM_RIGHTS). Returns 0 or -1.
int lumen_sandbox_send(int socket, const void *bytes, size_t size, const int *fds, int count);

/// Receives one message into `bytes`; its descriptors (at most LUMEN_SANDBOX_MAX_FDS) go to
/// `fds` and their count to `count`. Returns the message's size, 0 at the end (the other side
/// closed), -1 on error. A message longer than `capacity` is an error (its descriptors closed).
ssize_t lumen_sandbox_receive(int socket, void *bytes, size_t capacity, int *fds, int *count);

/// Waits up to `milliseconds` (-1: no limit) for `socket` to be readable or closed: 1 when it
/// is, 0 on timeout, -1 on error.
int lumen_sandbox_wait_readable(int socket, int milliseconds);

/// How a child ended, once it has: waits for `pid` (after a kill, or after its socket closed)
/// and returns the signal that ended it, or 0 when it exited; its exit status to `status`.
int lumen_sandbox_reap(pid_t pid, int *status);

/// The worker's lock-down, before it reads a photo: every descriptor but the socket closed,
/// a check that `parent` is still its parent (it ends when the app does: its socket reads
/// the end), no core files, at most 16 descriptors, an address space of what it has now plus
/// `address_space_bytes`, `cpu_seconds` of CPU time in all (the hard limit), PR_SET_NO_NEW_PRIVS,
/// and the seccomp filter, whose stop of a system call is reported on the socket before the
/// worker ends. What the codecs look up lazily must be looked up before (see
/// `lumen_codecs_prepare_for_sandbox`).
int lumen_sandbox_enter(pid_t parent, uint64_t address_space_bytes, uint64_t cpu_seconds, char *error);

/// The name of system call `number` on the architecture `arch` (AUDIT_ARCH_*, 0: this one),
/// as libseccomp knows it, into `name` (`capacity` bytes); "unknown" when it does not.
void lumen_sandbox_syscall_name(int64_t number, int64_t arch, char *name, size_t capacity);

/// For the fault hook's test of the filter (prctl is variadic, so not callable from Swift):
/// PR_SET_NAME "lumen-fault" when `name_thread`, else PR_SET_DUMPABLE `dumpable`.
int lumen_sandbox_prctl(int name_thread, unsigned long dumpable);

/// Sets the soft CPU-time limit to what the worker has used so far plus `seconds`: a decode that
/// runs past it is ended by SIGXCPU. (Allowed by the filter: RLIMIT_CPU on itself only.)
int lumen_sandbox_cpu_budget(double seconds);

/// A new anonymous shared-memory file of `bytes` (memfd, close-on-exec, sealable), or -1.
int lumen_sandbox_memfd(size_t bytes);

/// Seals a memfd against shrinking, growing and writing (and further sealing): 0, or -1 (a
/// writable mapping of it still exists, or it is not a sealable memfd).
int lumen_sandbox_seal(int fd);

/// Seals a memfd against shrinking and growing (and further sealing), not writing: a video
/// frame ring the worker writes into again and again, but can never cut short under the app.
int lumen_sandbox_seal_size(int fd);

/// Whether `fd` is a memfd sealed against shrinking, growing and writing: 1 or 0 (any other
/// descriptor, F_GET_SEALS failing, is 0).
int lumen_sandbox_is_sealed(int fd);

/// The descriptors open in this process, found without opening anything (fcntl on each
/// number below 1024): up to `capacity` into `out`; returns their count.
int lumen_sandbox_open_descriptors(int *out, int capacity);
#endif
