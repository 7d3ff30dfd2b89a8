// A persistent worker pool. Workers wait for a generation counter to change, spinning briefly
// (kernels follow each other within microseconds during a forward pass) and then sleeping on a
// condition variable, so an idle model costs no CPU. The caller is participant 0.
//
// Participation is opportunistic: a worker joins a task only while it is open, and the caller
// closes it as soon as its own share is done, then waits only for workers that joined. Tasks
// therefore claim their work dynamically (atomic counters). This keeps a forward pass moving
// when the machine is oversubscribed and a worker is descheduled: the caller simply does the
// work itself instead of waiting a scheduler time slice for every kernel.

#include "CKernels.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define CK_PAUSE() _mm_pause()
#else
#define CK_PAUSE() ((void)0)
#endif

enum { CK_SPIN_ITERATIONS = 1 << 13 };
#define CK_CLOSED 0x40000000

struct ck_pool;

typedef struct {
    struct ck_pool *pool;
    int index;
} ck_worker;

struct ck_pool {
    int n;
    pthread_t *threads;
    ck_worker *workers;
    _Atomic uint32_t generation;
    _Atomic int state;  // CK_CLOSED bit | number of workers running the current task
    _Atomic int sleeping;
    _Atomic int stop;
    ck_task_fn fn;
    void *ctx;
    pthread_mutex_t mutex;
    pthread_cond_t cond;
};

static void *ck_worker_main(void *arg) {
    ck_worker *w = arg;
    ck_pool *p = w->pool;
    uint32_t seen = 0;
    for (;;) {
        int spins = 0;
        while (atomic_load_explicit(&p->generation, memory_order_acquire) == seen && !atomic_load(&p->stop)) {
            if (++spins < CK_SPIN_ITERATIONS) {
                CK_PAUSE();
                continue;
            }
            pthread_mutex_lock(&p->mutex);
            atomic_fetch_add(&p->sleeping, 1);
            while (atomic_load(&p->generation) == seen && !atomic_load(&p->stop)) pthread_cond_wait(&p->cond, &p->mutex);
            atomic_fetch_sub(&p->sleeping, 1);
            pthread_mutex_unlock(&p->mutex);
            break;
        }
        if (atomic_load(&p->stop)) return NULL;
        seen = atomic_load_explicit(&p->generation, memory_order_acquire);
        int s = atomic_load_explicit(&p->state, memory_order_acquire);
        while (!(s & CK_CLOSED)) {
            if (atomic_compare_exchange_weak_explicit(&p->state, &s, s + 1, memory_order_acq_rel, memory_order_acquire)) {
                p->fn(p->ctx, w->index, p->n);
                atomic_fetch_sub_explicit(&p->state, 1, memory_order_release);
                break;
            }
        }
    }
}

ck_pool *ck_pool_create(int n_threads) {
    if (n_threads < 1) n_threads = 1;
    if (n_threads > 256) n_threads = 256;
    ck_pool *p = calloc(1, sizeof(*p));
    if (!p) return NULL;
    p->n = n_threads;
    atomic_init(&p->state, CK_CLOSED);
    pthread_mutex_init(&p->mutex, NULL);
    pthread_cond_init(&p->cond, NULL);
    p->threads = calloc((size_t)n_threads, sizeof(pthread_t));
    p->workers = calloc((size_t)n_threads, sizeof(ck_worker));
    if (!p->threads || !p->workers) {
        free(p->threads);
        free(p->workers);
        free(p);
        return NULL;
    }
    for (int i = 1; i < n_threads; i++) {
        p->workers[i].pool = p;
        p->workers[i].index = i;
        if (pthread_create(&p->threads[i], NULL, ck_worker_main, &p->workers[i]) != 0) {
            p->n = i;  // stop the ones that started
            ck_pool_destroy(p);
            return NULL;
        }
    }
    return p;
}

void ck_pool_destroy(ck_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mutex);
    atomic_store(&p->stop, 1);
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->mutex);
    for (int i = 1; i < p->n; i++) pthread_join(p->threads[i], NULL);
    pthread_mutex_destroy(&p->mutex);
    pthread_cond_destroy(&p->cond);
    free(p->threads);
    free(p->workers);
    free(p);
}

int ck_pool_size(const ck_pool *p) { return p ? p->n : 1; }

void ck_pool_run(ck_pool *p, ck_task_fn fn, void *ctx) {
    if (!p || p->n == 1) {
        fn(ctx, 0, 1);
        return;
    }
    p->fn = fn;
    p->ctx = ctx;
    atomic_store_explicit(&p->state, 0, memory_order_release);
    atomic_fetch_add_explicit(&p->generation, 1, memory_order_seq_cst);
    if (atomic_load(&p->sleeping) > 0) {
        pthread_mutex_lock(&p->mutex);
        pthread_cond_broadcast(&p->cond);
        pthread_mutex_unlock(&p->mutex);
    }
    fn(ctx, 0, p->n);
    atomic_fetch_or_explicit(&p->state, CK_CLOSED, memory_order_acq_rel);
    int spins = 0;
    while ((atomic_load_explicit(&p->state, memory_order_acquire) & ~CK_CLOSED) != 0) {
        if (++spins < CK_SPIN_ITERATIONS) CK_PAUSE();
        else sched_yield();
    }
}
