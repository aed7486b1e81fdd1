/* smb_task.h over ucontext: makecontext once per start, swapcontext per
 * switch.  A task's stack holds one op's smb_client calls (path buffers
 * live in the caller's job, not on the stack). */
#include "smb_task.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>

#define TASK_STACK (128 * 1024)

struct smb_task {
    ucontext_t ctx, back;
    void (*fn)(void *);
    void (*finish)(void *);
    void *arg;
    void *stack;
    int ended;
    _Alignas(16) unsigned char client[SMB_TASK_CLIENT_BYTES];
};

static __thread smb_task *running;

smb_task *smb_task_new(void (*fn)(void *arg), void (*finish)(void *arg))
{
    smb_task *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    /* mmap: untouched stack pages cost no memory */
    t->stack = mmap(NULL, TASK_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK,
                    -1, 0);
    if (t->stack == MAP_FAILED) {
        free(t);
        return NULL;
    }
    t->fn = fn;
    t->finish = finish;
    return t;
}

void smb_task_free(smb_task *t)
{
    if (!t)
        return;
    munmap(t->stack, TASK_STACK);
    free(t);
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
    swapcontext(&t->back, &t->ctx);
    running = outer;
    if (t->ended)
        t->finish(t->arg);
}

void smb_task_run(smb_task *t, void *arg)
{
    t->arg = arg;
    t->ended = 0;
    getcontext(&t->ctx);
    t->ctx.uc_stack.ss_sp = t->stack;
    t->ctx.uc_stack.ss_size = TASK_STACK;
    t->ctx.uc_link = &t->back;
    makecontext(&t->ctx, entry, 0);
    enter(t);
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
    swapcontext(&t->ctx, &t->back);
}

void *smb_task_client(smb_task *t)
{
    return t->client;
}
