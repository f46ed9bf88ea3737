#if defined(__linux__) || defined(__ANDROID__)
#define _GNU_SOURCE
#include <pthread.h>
#endif

#include "CThreadStack.h"

int propertymapper_thread_stack(void **lowest, size_t *size) {
#if defined(__linux__) || defined(__ANDROID__)
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) {
        return -1;
    }
    int result = pthread_attr_getstack(&attributes, lowest, size);
    pthread_attr_destroy(&attributes);
    return result == 0 ? 0 : -1;
#else
    (void)lowest;
    (void)size;
    return -1;
#endif
}
