/* What a bare-metal Kinetic image needs besides Kinetic, the smoke test and picolibc
 * (Scripts/mcu-check compiles this with the target's gcc; it is not a SwiftPM target).
 *
 *   main()                   picolibc's semihosting crt0 calls it; it runs the smoke, flushes
 *                            stdout and leaves through _exit (semihosting SYS_EXIT), whose
 *                            status qemu (-semihosting-config enable=on) makes its own. Returning
 *                            would go through exit(), whose fflush(NULL) faults in picolibc 1.8.
 *                            Compiled with -DENTRY=kinetic_memory_probe for the memory image
 *                            (Scripts/mcu/MemoryProbe.swift), which reads
 *   kinetic_heap_in_use()    the bytes of heap in use, allocator headers included (mallinfo).
 *   __wrap_fflush()          the same fault when the smoke calls fflush(NULL) itself: the link
 *                            passes -Wl,--wrap=fflush, and NULL becomes stdout (the only stream).
 *   arc4random_buf()         Embedded Swift seeds its hashing with it; picolibc 1.8 has none.
 *                            Here a fixed xorshift sequence, so runs repeat exactly; firmware
 *                            would read its true random number generator instead.
 *   __aeabi_unwind_cpp_pr0   referenced by the Unicode tables archive's unwind entries on Arm;
 *                            defining it keeps libgcc's unwinder (and __exidx_*) out of the link.
 */
#include <stddef.h>
#include <stdint.h>
#include <malloc.h>
#include <stdio.h>
#include <unistd.h>

#ifndef ENTRY
#define ENTRY kinetic_smoke
#endif
int ENTRY(void);

int main(void) {
    int failed = ENTRY();
    fflush(stdout);
    _exit(failed);
}

int __real_fflush(FILE *stream);
int __wrap_fflush(FILE *stream) { return __real_fflush(stream ? stream : stdout); }

long kinetic_heap_in_use(void) { return (long)mallinfo().uordblks; }

void arc4random_buf(void *buf, size_t n) {
    static uint32_t state = 0x9E3779B9u;
    uint8_t *p = buf;
    for (size_t i = 0; i < n; i++) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        p[i] = (uint8_t)state;
    }
}

#if defined(__arm__)
void __aeabi_unwind_cpp_pr0(void) {}
#endif
