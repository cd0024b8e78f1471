#include "CSharedCount.h"

long photofeed_count_load(const long *count) { return __atomic_load_n(count, __ATOMIC_ACQUIRE); }

void photofeed_count_store(long *count, long value) { __atomic_store_n(count, value, __ATOMIC_RELEASE); }

long photofeed_count_increment(long *count) { return __atomic_add_fetch(count, 1, __ATOMIC_ACQ_REL); }

int photofeed_count_replace(long *count, long expected, long desired) {
    return __atomic_compare_exchange_n(count, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

void photofeed_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}
