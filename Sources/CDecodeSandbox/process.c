// Starting a worker and talking to it: posix_spawn, SCM_RIGHTS messages, waits and reaping.
#define _GNU_SOURCE
#include "lumen_decode_sandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int lumen_sandbox_spawn(const char *executable, const char *argument, pid_t *pid_out, int *socket_out, char *error) {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
        snprintf(error, LUMEN_SANDBOX_ERROR_SIZE, "cannot make a socket pair: %s", strerror(errno));
        return -1;
    }
    if (pair[1] == LUMEN_SANDBOX_SOCKET) {
        // dup2 onto itself may keep close-on-exec: move the worker's end elsewhere first.
        int moved = fcntl(pair[1], F_DUPFD_CLOEXEC, LUMEN_SANDBOX_SOCKET + 1);
        close(pair[1]);
        pair[1] = moved;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    // dup2 onto 3 clears close-on-exec there; a pair end already at 3 is moved away first.
    posix_spawn_file_actions_adddup2(&actions, pair[1], LUMEN_SANDBOX_SOCKET);
    // A clean signal state: nothing blocked, and the defaults for what the app may ignore.
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGCHLD);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char parent[32];
    snprintf(parent, sizeof parent, "%d", (int)getpid());
    char *argv[] = { (char *)executable, (char *)argument, parent, NULL };
    pid_t pid = 0;
    int status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(pair[1]);
    if (status != 0) {
        close(pair[0]);
        snprintf(error, LUMEN_SANDBOX_ERROR_SIZE, "cannot start %s: %s", executable, strerror(status));
        return -1;
    }
    *pid_out = pid;
    *socket_out = pair[0];
    return 0;
}

int lumen_sandbox_send(int socket, const void *bytes, size_t size, const int *fds, int count) {
    if (count < 0 || count > LUMEN_SANDBOX_MAX_FDS) return -1;
    struct iovec part = { (void *)bytes, size };
    union { char buffer[CMSG_SPACE(sizeof(int) * LUMEN_SANDBOX_MAX_FDS)]; struct cmsghdr align; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    if (count > 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
        memcpy(CMSG_DATA(header), fds, sizeof(int) * (size_t)count);
    }
    ssize_t sent;
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent == (ssize_t)size ? 0 : -1;
}

ssize_t lumen_sandbox_receive(int socket, void *bytes, size_t capacity, int *fds, int *count) {
    struct iovec part = { bytes, capacity };
    union { char buffer[CMSG_SPACE(sizeof(int) * LUMEN_SANDBOX_MAX_FDS)]; struct cmsghdr align; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control.buffer;
    message.msg_controllen = sizeof control.buffer;
    ssize_t got;
    do { got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (got < 0 && errno == EINTR);
    *count = 0;
    if (got < 0) return -1;
    for (struct cmsghdr *h = CMSG_FIRSTHDR(&message); h; h = CMSG_NXTHDR(&message, h)) {
        if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS) continue;
        int n = (int)((h->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *in = (int *)CMSG_DATA(h);
        for (int i = 0; i < n; i++) {
            if (*count < LUMEN_SANDBOX_MAX_FDS) fds[(*count)++] = in[i]; else close(in[i]);
        }
    }
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        for (int i = 0; i < *count; i++) close(fds[i]);
        *count = 0;
        return -1;
    }
    return got;
}

int lumen_sandbox_wait_readable(int socket, int milliseconds) {
    struct pollfd p = { socket, POLLIN, 0 };
    for (;;) {
        int n = poll(&p, 1, milliseconds);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        return n > 0 ? 1 : 0;
    }
}

int lumen_sandbox_reap(pid_t pid, int *status) {
    int raw = 0;
    pid_t got;
    do { got = waitpid(pid, &raw, 0); } while (got < 0 && errno == EINTR);
    if (got != pid) { *status = -1; return 0; }
    if (WIFSIGNALED(raw)) { *status = 0; return WTERMSIG(raw); }
    *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return 0;
}

int lumen_sandbox_memfd(size_t bytes) {
    int fd = memfd_create("lumen-pixels", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)bytes) != 0) { close(fd); return -1; }
    return fd;
}

/// What a shared picture must be sealed against: no shrinking, growing or writing.
#define PIXEL_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE)

int lumen_sandbox_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, PIXEL_SEALS | F_SEAL_SEAL);
}

int lumen_sandbox_seal_size(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
}

int lumen_sandbox_is_sealed(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    return seals >= 0 && (seals & PIXEL_SEALS) == PIXEL_SEALS;
}

int lumen_sandbox_open_descriptors(int *out, int capacity) {
    int count = 0;
    for (int fd = 0; fd < 1024; fd++) {
        if (fcntl(fd, F_GETFD) == -1) continue;
        if (count < capacity) out[count] = fd;
        count++;
    }
    return count < capacity ? count : capacity;
}
