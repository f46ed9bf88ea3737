#ifndef C_THREAD_STACK_H
#define C_THREAD_STACK_H

#include <stddef.h>

/// The calling thread's stack as the C library knows it (for the main thread, up to its limit): its lowest address and
/// its size. Returns 0, or -1 where the C library cannot tell (Apple platforms read the bounds in Swift).
/// `pthread_getattr_np` needs `_GNU_SOURCE`, which Swift's Glibc module does not define: hence this C function.
int propertymapper_thread_stack(void **lowest, size_t *size);

#endif
