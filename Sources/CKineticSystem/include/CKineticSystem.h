// Descriptors created close-on-exec atomically, which Swift's Glibc module does not expose
// (accept4 and pipe2 are GNU extensions): the server's connections and pipes must never leak
// into a child spawned by another thread in between creation and fcntl.
#ifndef C_KINETIC_SYSTEM_H
#define C_KINETIC_SYSTEM_H

/// accept(2) on `listener` with the new connection close-on-exec from its first instant (Linux:
/// accept4 with SOCK_CLOEXEC; elsewhere accept then fcntl). -1 with errno set on failure.
int kinetic_accept_cloexec(int listener);

/// pipe(2) with both ends close-on-exec (Linux: pipe2 with O_CLOEXEC; elsewhere pipe then
/// fcntl). 0, or -1 with errno set.
int kinetic_pipe_cloexec(int fds[2]);

#endif
