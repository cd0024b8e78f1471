#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks the core to bring the cache line at `address` in for writing (GCC and Clang's
/// `__builtin_prefetch`), without waiting for it and without faulting: any address will do.
/// Swift has no prefetch of its own; `static inline`, so that Swift inlines it.
static inline void photofeed_prefetch(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
