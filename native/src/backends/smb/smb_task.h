/* Cooperative tasks on one thread, for the smb backend's asynchronous mode.
 *
 * An op of the smb backend is a short sequence of blocking-style calls of
 * smb_client.h (open, read, close ...).  Run inside a task, a call of an
 * asynchronous client (libsmb2) queues its requests and yields instead of
 * blocking; the connection's event loop resumes the task once the answers
 * are in.  So many ops are in flight on one connection and one thread,
 * while the op mapping stays written once for both client libraries.
 *
 * A task is created once and reused: smb_task_run starts fn(arg) on the
 * task's own stack; when fn returns, finish(arg) runs on the caller's
 * stack (smb_task_run or smb_task_resume, whichever saw the end). */
#ifndef SFS_SMB_TASK_H
#define SFS_SMB_TASK_H

#include <stddef.h>

typedef struct smb_task smb_task;

/* Scratch owned by the client library of the task's calls (its call in
 * flight), kept with the task so that answers arriving late still land in
 * memory that exists. */
#define SMB_TASK_CLIENT_BYTES 4096

/* NULL if out of memory. */
smb_task *smb_task_new(void (*fn)(void *arg), void (*finish)(void *arg));
void smb_task_free(smb_task *t);
/* Run fn(arg) until it yields or ends (then finish(arg) has run).  0, or
 * a negative errno if the task could not be started (fn did not run).  A
 * switch that fails later (resume, yield) aborts the process: the task's
 * state is then undefined.  Below each stack lies a PROT_NONE guard page. */
int smb_task_run(smb_task *t, void *arg);
/* Continue a task that yielded, until it yields again or ends. */
void smb_task_resume(smb_task *t);
/* The running task, NULL on a thread's own stack. */
smb_task *smb_task_self(void);
/* Inside a task: back to whoever ran or resumed it. */
void smb_task_yield(void);
/* The client library's scratch of t (SMB_TASK_CLIENT_BYTES, zeroed once). */
void *smb_task_client(smb_task *t);
/* The lowest byte of t's stack (tests: the guard page is just below it). */
void *smb_task_stack_base(smb_task *t);

#endif
