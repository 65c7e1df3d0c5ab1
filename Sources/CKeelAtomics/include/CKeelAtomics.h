// C11 atomics for Keel's hot paths (Synchronization.Atomic needs iOS 18; ARCHITECTURE.md, Conventions).
#ifndef CKEELATOMICS_H
#define CKEELATOMICS_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdbool.h>

typedef struct keel_atomic_i64 {
    _Atomic(int64_t) value;
} keel_atomic_i64;

static inline void keel_atomic_i64_init(keel_atomic_i64 *a, int64_t v) {
    atomic_init(&a->value, v);
}

static inline int64_t keel_atomic_i64_load_relaxed(keel_atomic_i64 *a) {
    return atomic_load_explicit(&a->value, memory_order_relaxed);
}

static inline int64_t keel_atomic_i64_load(keel_atomic_i64 *a) {
    return atomic_load_explicit(&a->value, memory_order_acquire);
}

static inline void keel_atomic_i64_store(keel_atomic_i64 *a, int64_t v) {
    atomic_store_explicit(&a->value, v, memory_order_release);
}

static inline int64_t keel_atomic_i64_fetch_add(keel_atomic_i64 *a, int64_t v) {
    return atomic_fetch_add_explicit(&a->value, v, memory_order_acq_rel);
}

static inline bool keel_atomic_i64_cas(keel_atomic_i64 *a, int64_t expected, int64_t desired) {
    return atomic_compare_exchange_strong_explicit(
        &a->value, &expected, desired, memory_order_acq_rel, memory_order_acquire);
}

#endif
