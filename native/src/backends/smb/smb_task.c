/* smb_task.h over ucontext: makecontext once per start, swapcontext per
 * switch.  A task's stack holds one op's smb_client calls (path buffers
 * live in the caller's job, not on the stack); a PROT_NONE guard page below
 * it turns an overflow into a fault instead of silent corruption. */
#include "smb_task.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#define TASK_STACK (128 * 1024)

struct smb_task {
    ucontext_t ctx, back;
    void (*fn)(void *);
    void (*finish)(void *);
    void *arg;
    void *map;          /* guard page + stack */
    size_t map_len;
    void *stack;        /* above the guard page */
    int ended;
    _Alignas(16) unsigned char client[SMB_TASK_CLIENT_BYTES];
};

static __thread smb_task *running;

smb_task *smb_task_new(void (*fn)(void *arg), void (*finish)(void *arg))
{
    smb_task *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    t->map_len = TASK_STACK + page;
    /* mmap: untouched stack pages cost no memory; stacks grow down, so the
     * guard is the lowest page */
    t->map = mmap(NULL, t->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK,
                  -1, 0);
    if (t->map == MAP_FAILED) {
        free(t);
        return NULL;
    }
    if (mprotect(t->map, page, PROT_NONE) != 0) {
        munmap(t->map, t->map_len);
        free(t);
        return NULL;
    }
    t->stack = (char *)t->map + page;
    t->fn = fn;
    t->finish = finish;
    return t;
}

void smb_task_free(smb_task *t)
{
    if (!t)
        return;
    munmap(t->map, t->map_len);
    free(t);
}

/* A switch that failed leaves the task on no defined stack: nothing can go
 * on safely. */
static void switch_failed(const char *what)
{
    fprintf(stderr, "sfsengine: smb task %s failed: %s\n", what, strerror(errno));
    abort();
}

static void entry(void)
{
    smb_task *t = running;
    t->fn(t->arg);
    t->ended = 1;
    /* returning ends the context: uc_link switches back */
}

/* Switch into t until it yields or ends; run finish if it ended. */
static void enter(smb_task *t)
{
    smb_task *outer = running;
    running = t;
    if (swapcontext(&t->back, &t->ctx) != 0)
        switch_failed("switch in");
    running = outer;
    if (t->ended)
        t->finish(t->arg);
}

int smb_task_run(smb_task *t, void *arg)
{
    t->arg = arg;
    t->ended = 0;
    if (getcontext(&t->ctx) != 0)
        return -errno;
    t->ctx.uc_stack.ss_sp = t->stack;
    t->ctx.uc_stack.ss_size = TASK_STACK;
    t->ctx.uc_link = &t->back;
    makecontext(&t->ctx, entry, 0);   /* returns nothing: cannot fail with a valid stack */
    enter(t);
    return 0;
}

void smb_task_resume(smb_task *t)
{
    if (!t->ended)
        enter(t);
}

smb_task *smb_task_self(void)
{
    return running;
}

void smb_task_yield(void)
{
    smb_task *t = running;
    if (swapcontext(&t->ctx, &t->back) != 0)
        switch_failed("yield");
}

void *smb_task_client(smb_task *t)
{
    return t->client;
}

/* The lowest byte of t's stack (tests: the guard page is just below). */
void *smb_task_stack_base(smb_task *t)
{
    return t->stack;
}
