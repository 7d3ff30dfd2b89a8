// A persistent worker pool. Workers wait for a generation counter to change, spinning briefly
// (kernels follow each other within microseconds during a forward pass) and then sleeping on a
// condition variable, so an idle model costs no CPU. The caller is participant 0.

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

enum { CK_SPIN_ITERATIONS = 1 << 15 };

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
    _Atomic int pending;
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
        p->fn(p->ctx, w->index, p->n);
        atomic_fetch_sub_explicit(&p->pending, 1, memory_order_release);
    }
}

ck_pool *ck_pool_create(int n_threads) {
    if (n_threads < 1) n_threads = 1;
    if (n_threads > 256) n_threads = 256;
    ck_pool *p = calloc(1, sizeof(*p));
    if (!p) return NULL;
    p->n = n_threads;
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
    atomic_store(&p->pending, p->n - 1);
    atomic_fetch_add_explicit(&p->generation, 1, memory_order_seq_cst);
    if (atomic_load(&p->sleeping) > 0) {
        pthread_mutex_lock(&p->mutex);
        pthread_cond_broadcast(&p->cond);
        pthread_mutex_unlock(&p->mutex);
    }
    fn(ctx, 0, p->n);
    int spins = 0;
    while (atomic_load_explicit(&p->pending, memory_order_acquire) > 0) {
        if (++spins < CK_SPIN_ITERATIONS) CK_PAUSE();
        else sched_yield();
    }
}
