#define _GNU_SOURCE
#include "CKineticSystem.h"
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

int kinetic_accept_cloexec(int listener) {
#if defined(__linux__)
    return accept4(listener, 0, 0, SOCK_CLOEXEC);
#else
    int client = accept(listener, 0, 0);
    if (client >= 0) fcntl(client, F_SETFD, fcntl(client, F_GETFD) | FD_CLOEXEC);
    return client;
#endif
}

int kinetic_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) fcntl(fds[i], F_SETFD, fcntl(fds[i], F_GETFD) | FD_CLOEXEC);
    return 0;
#endif
}
