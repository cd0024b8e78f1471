#ifndef CTHREADSLOT_H
#define CTHREADSLOT_H

/// NodeKit's innermost running SubnodeCollector on this thread, or NULL: a C11 thread-local
/// variable, which Swift cannot declare. Reading or writing it is a load or a store relative to
/// the thread pointer, where pthread_getspecific and pthread_setspecific are library calls; a
/// cell layout sets it twice per node it measures.
extern _Thread_local void *photofeed_subnode_collector;

static inline void *photofeed_current_subnode_collector(void) { return photofeed_subnode_collector; }

static inline void photofeed_set_current_subnode_collector(void *collector) {
    photofeed_subnode_collector = collector;
}

#endif
