/* smb_task.h: each task runs on its own mmap'd stack with a PROT_NONE guard
 * page below it (an overflow faults instead of corrupting memory).  On
 * Windows a task is a Win32 Fiber (platform.h; Windows guards its stack).  On
 * x86-64 Linux a switch is smb_switch (smb_switch_x86_64.S: registers only, no
 * system call); elsewhere ucontext (swapcontext, which also saves the signal
 * mask with a system call).  Path buffers live in the caller's job, not on
 * the stack.  Under AddressSanitizer and ThreadSanitizer every switch is
 * announced to them (fiber annotations), so they follow the stacks. */
#include "smb_task.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

#if defined(_WIN32)
#define TASK_FIBER 1
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

#if defined(TASK_FIBER)
#elif defined(__x86_64__)
#define TASK_ASM 1
#else
#include <ucontext.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define TASK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TASK_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define TASK_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TASK_TSAN 1
#endif
#endif
#ifdef TASK_ASAN
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef TASK_TSAN
#include <sanitizer/tsan_interface.h>
#endif

#define TASK_STACK (128 * 1024)
/* A fiber's stack is reserved, and committed only as it grows; with 128 KiB an
 * smb load point under Wine overran it into the heap (libsmb2's compound calls). */
#define TASK_FIBER_RESERVE (1024 * 1024)

struct smb_task {
#if defined(TASK_FIBER)
    void *win_fiber, *win_back;  /* the task's fiber and its caller's */
#elif defined(TASK_ASM)
    void *sp, *back_sp;          /* saved stack pointers of the task and its caller */
#else
    ucontext_t ctx, back;
#endif
    void (*fn)(void *);
    void (*finish)(void *);
    void *arg;
    void *map;                   /* guard page + stack */
    size_t map_len;
    void *stack;                 /* above the guard page */
    int ended;
#ifdef TASK_ASAN
    void *fake;                  /* ASan's fake stack of the side that switched away */
    const void *back_bottom;     /* the caller's stack, for the switch back */
    size_t back_size;
#endif
#ifdef TASK_TSAN
    void *fiber, *back_fiber;
#endif
    _Alignas(16) unsigned char client[SMB_TASK_CLIENT_BYTES];
};

static SFS_THREAD_LOCAL smb_task *running;

#ifdef TASK_FIBER
static void fiber_main(void *arg);

smb_task *smb_task_new(void (*fn)(void *arg), void (*finish)(void *arg))
{
    smb_task *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->win_fiber = sfs_fiber_new(TASK_FIBER_RESERVE, fiber_main, t);
    if (!t->win_fiber) {
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
    sfs_fiber_free(t->win_fiber);
    free(t);
}
#else
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
#ifdef TASK_TSAN
    t->fiber = __tsan_create_fiber(0);
#endif
    return t;
}

void smb_task_free(smb_task *t)
{
    if (!t)
        return;
#ifdef TASK_TSAN
    __tsan_destroy_fiber(t->fiber);
#endif
    munmap(t->map, t->map_len);
    free(t);
}
#endif

/* --- the switch: into a task (caller side) and back (task side) --- */

#if defined(TASK_FIBER)
#define SWITCH_IN(t)  do { (t)->win_back = sfs_fiber_self(); sfs_fiber_switch((t)->win_fiber); } while (0)
#define SWITCH_OUT(t) sfs_fiber_switch((t)->win_back)
#elif defined(TASK_ASM)
void smb_switch(void **save_sp, void *load_sp);
#define SWITCH_IN(t)  smb_switch(&(t)->back_sp, (t)->sp)
#define SWITCH_OUT(t) smb_switch(&(t)->sp, (t)->back_sp)
#else
/* A switch that failed leaves the task on no defined stack: nothing can go
 * on safely. */
static void switch_failed(const char *what)
{
    fprintf(stderr, "sfsengine: smb task %s failed: %s\n", what, strerror(errno));
    abort();
}
#define SWITCH_IN(t)  do { if (swapcontext(&(t)->back, &(t)->ctx) != 0) switch_failed("switch in"); } while (0)
#define SWITCH_OUT(t) do { if (swapcontext(&(t)->ctx, &(t)->back) != 0) switch_failed("yield"); } while (0)
#endif

/* Caller side: run t until it yields or ends. */
static void switch_in(smb_task *t)
{
#ifdef TASK_TSAN
    t->back_fiber = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(t->fiber, 0);
#endif
#ifdef TASK_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, t->stack, TASK_STACK);
#endif
    SWITCH_IN(t);
#ifdef TASK_ASAN
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#endif
}

/* Task side, on arrival (first start or after a yield). */
static void arrived(smb_task *t)
{
#ifdef TASK_ASAN
    void *fake = t->fake;
    t->fake = NULL;
    __sanitizer_finish_switch_fiber(fake, &t->back_bottom, &t->back_size);
#else
    (void)t;
#endif
}

/* Task side: back to the caller; ended = the task's stack is done with. */
static void switch_out(smb_task *t, int ended)
{
#ifdef TASK_TSAN
    __tsan_switch_to_fiber(t->back_fiber, 0);
#endif
#ifdef TASK_ASAN
    __sanitizer_start_switch_fiber(ended ? NULL : &t->fake, t->back_bottom, t->back_size);
#else
    (void)ended;
#endif
    SWITCH_OUT(t);
}

static void body(smb_task *t)
{
    arrived(t);
    t->fn(t->arg);
    t->ended = 1;
    switch_out(t, 1);
}

#ifdef TASK_FIBER
/* A fiber starts once; each later run of its task switches into it again,
 * back here for the next body. */
static void fiber_main(void *arg)
{
    for (;;)
        body(arg);
}
#else
static void entry(void)
{
    body(running);
    abort();   /* an ended task is never switched into again */
}
#endif

/* Switch into t until it yields or ends; run finish if it ended. */
static void enter(smb_task *t)
{
    smb_task *outer = running;
    running = t;
    switch_in(t);
    running = outer;
    if (t->ended)
        t->finish(t->arg);
}

int smb_task_run(smb_task *t, void *arg)
{
    t->arg = arg;
    t->ended = 0;
#if defined(TASK_FIBER)
    if (!t->win_fiber || !sfs_fiber_self())
        return -ENOMEM;
#elif defined(TASK_ASM)
    /* a frame as smb_switch leaves it: MXCSR and x87 control word (their
     * defaults), six registers, then entry as the return address; entry
     * starts with the stack aligned as after a call */
    uintptr_t top = ((uintptr_t)t->stack + TASK_STACK) & ~(uintptr_t)15;
    void **sp = (void **)top;
    *--sp = NULL;                      /* entry's own return address: never used */
    *--sp = (void *)entry;
    for (int i = 0; i < 6; i++)
        *--sp = NULL;
    *--sp = (void *)(uintptr_t)(0x1F80u | (uint64_t)0x037Fu << 32);
    t->sp = sp;
#else
    if (getcontext(&t->ctx) != 0)
        return -errno;
    t->ctx.uc_stack.ss_sp = t->stack;
    t->ctx.uc_stack.ss_size = TASK_STACK;
    t->ctx.uc_link = NULL;             /* entry never returns */
    makecontext(&t->ctx, entry, 0);    /* returns nothing: cannot fail with a valid stack */
#endif
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
    switch_out(t, 0);
    arrived(t);
}

void *smb_task_client(smb_task *t)
{
    return t->client;
}

void *smb_task_stack_base(smb_task *t)
{
    return t->stack;
}
