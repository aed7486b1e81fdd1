/* smb_task.h: tasks run, yield and resume, and run again once ended; on Linux
 * a write below a task's stack hits its guard page (a fault, not silent
 * corruption of the memory next to it), also when the task overflows by deep
 * recursion (on Windows the fiber's stack is guarded by Windows itself). */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <unistd.h>
#include <sys/wait.h>
#endif
#include "check.h"
#include "smb_task.h"

static int steps, finished;

static void counting(void *arg)
{
    int *n = arg;
    for (int i = 0; i < 3; i++) {
        steps++;
        smb_task_yield();
    }
    (*n)++;
}

static void on_finish(void *arg)
{
    finished = *(int *)arg;
}

#ifndef _WIN32
static int depth(int n)
{
    volatile char pad[512];
    memset((char *)pad, n, sizeof pad);
    return n > 0 ? depth(n - 1) + pad[n % 512] : 0;
}

static void overflow(void *arg)
{
    (void)arg;
    depth(1 << 20);   /* 512 MiB of frames: far past the 128 KiB stack */
}

static void below(void *arg)
{
    volatile char *p = smb_task_stack_base(arg);
    p[-1] = 1;
}

static void on_segv(int sig)
{
    (void)sig;
    _exit(42);
}

/* Runs fn in a task of a child process; its exit status (42: SIGSEGV). */
static int child_faults(void (*fn)(void *))
{
    pid_t pid = fork();
    if (pid == 0) {
        static char alt[64 * 1024];
        stack_t ss = { .ss_sp = alt, .ss_size = sizeof alt };
        sigaltstack(&ss, NULL);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_segv;
        sa.sa_flags = SA_ONSTACK;
        sigaction(SIGSEGV, &sa, NULL);
        smb_task *t = smb_task_new(fn, on_finish);
        if (!t || smb_task_run(t, t) != 0) _exit(3);
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
#endif

int main(void)
{
    int ended = 0;
    smb_task *t = smb_task_new(counting, on_finish);
    CHECK(t != NULL, "smb_task_new");
    CHECK(smb_task_run(t, &ended) == 0, "run");
    for (int i = 0; i < 5; i++)
        smb_task_resume(t);
    CHECK(steps == 3 && ended == 1 && finished == 1, "ran to its end: steps %d ended %d", steps, ended);
    /* a task is reused: the next run starts fn afresh on the same stack */
    CHECK(smb_task_run(t, &ended) == 0, "second run");
    for (int i = 0; i < 5; i++)
        smb_task_resume(t);
    CHECK(steps == 6 && ended == 2 && finished == 2, "second run to its end: steps %d ended %d", steps, ended);
    smb_task_free(t);
#ifndef _WIN32
    int rc = child_faults(below);
    CHECK(rc == 42, "a write below the stack faults (exit %d)", rc);
    rc = child_faults(overflow);
    CHECK(rc == 42, "a stack overflow faults on the guard page (exit %d)", rc);
#endif
    return check_result("test_smb_task");
}
