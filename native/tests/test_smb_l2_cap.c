/* The libsmb2 client's cap on requests handed to libsmb2 per connection
 * (the smb_conn_requests key, smb_l2.h): the key's value reaches a client
 * made from the run's settings, a value out of range is refused naming the
 * key, libsmbclient refuses the key, and many tasks' calls on one connection never
 * hand libsmb2 more than the cap at once, are handed over in the order they
 * came, each completes exactly once, a call bigger than the cap goes alone,
 * and a connection that dies fails the held calls as well as the waiting
 * ones.  The calls run through smb_l2_call.c's own admission, waiting and
 * answer callbacks; this test plays the server by answering the parts
 * handed over (no socket: nothing here reaches libsmb2 itself). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "backend.h"
#include "check.h"
#include "config.h"
#include "smb_ctx.h"
#include "smb_l2.h"

#define CAP    4   /* smb_conn_requests of the run below */
#define CALLS  40

struct job {
    smb_client *c;
    int id, want;
    int admit_rc, run_rc;
    struct call *k;
    int finished;
};

static int order[CALLS], admitted, over_cap;

static void job_main(void *arg)
{
    struct job *j = arg;
    struct call *k = l2_begin(j->c);
    j->k = k;
    for (int i = 0; i < j->want; i++)
        l2_new_part(k);
    j->admit_rc = l2_admit(k, j->want);
    if (j->admit_rc < 0) {
        while (k->nparts > 0)
            l2_drop_part(k);
        return;
    }
    order[admitted++] = j->id;
    /* over the cap only as a call alone that is bigger than it */
    if (j->c->handed > CAP && j->c->handed != j->want)
        over_cap++;
    j->run_rc = l2_run(k);
}

static void job_finish(void *arg)
{
    ((struct job *)arg)->finished++;
}

/* what l2_service does once the answers are in: resume the ready tasks */
static void resume_ready(smb_client *c)
{
    while (c->ready) {
        struct call *k = c->ready;
        c->ready = k->next;
        k->next = NULL;
        smb_task_resume(k->task);
    }
}

/* The server answers the oldest unanswered part handed over; 0 if none. */
static int answer_one(struct job *jobs, int n)
{
    for (int i = 0; i < n; i++) {
        struct call *k = jobs[i].k;
        if (jobs[i].finished || !k || k->held || k->handed == 0)
            continue;
        for (int p = 0; p < k->nparts; p++)
            if (!k->part[p].answered) {
                l2_on_status(NULL, 0, NULL, &k->part[p]);
                return 1;
            }
    }
    return 0;
}

#define RUN "backend=smb\nsmb_client=libsmb2\ntarget.0=//127.0.0.1/share\nusername=u\n"

/* A client (not connected) with the settings of a run whose rc text is RUN
 * plus extra, as the backend's open makes it. */
static smb_client *client_of(const char *extra)
{
    char text[512], err[512];
    struct sfs_cfg cfg;
    snprintf(text, sizeof text, "%s%s", RUN, extra);
    if (sfs_cfg_parse(text, &cfg, err, sizeof err) != 0) {
        CHECK(0, "%s: %s", extra, err);
        return NULL;
    }
    smb_conn_params p;
    smb_conn_params_of(&cfg, &p);
    smb_client *c = l2_client_new(&p);
    sfs_cfg_free(&cfg);
    return c;
}

static smb_client *new_client(void)
{
    return client_of("smb_conn_requests=4\n");
}

/* the key's range and its refusal with libsmbclient */
static void key_checks(void)
{
    smb_client *c = client_of("");
    CHECK(c && c->cap == SMB_CONN_REQUESTS_DEFAULT, "default cap %d", c ? c->cap : -1);
    if (c) l2_free(c);
    const char *bad[] = { "smb_conn_requests=0\n", "smb_conn_requests=8193\n",
                          "smb_conn_requests=four\n" };
    for (int i = 0; i < 3; i++) {
        char text[512], err[512] = "";
        struct sfs_cfg cfg;
        snprintf(text, sizeof text, "%s%s", RUN, bad[i]);
        int rc = sfs_cfg_parse(text, &cfg, err, sizeof err);
        char want[64];
        snprintf(want, sizeof want, "%.*s", (int)strcspn(bad[i], "\n"), bad[i]);
        CHECK(rc != 0 && strstr(err, want), "%s refused naming key and value: %s", want, err);
        if (rc == 0) sfs_cfg_free(&cfg);
    }
    if (!smb_client_find("libsmbclient"))
        return;
    /* refused before any connection is tried: no server needed */
    struct sfs_cfg cfg;
    char err[512] = "";
    int rc = sfs_cfg_parse("backend=smb\nsmb_client=libsmbclient\ntarget.0=//127.0.0.1/share\n"
                           "username=u\nsmb_conn_requests=4\n", &cfg, err, sizeof err);
    CHECK(rc == 0, "%s", err);
    if (rc != 0)
        return;
    const sfs_backend *b = sfs_backend_find("smb");
    void *ctx = NULL;
    rc = b->open(&cfg, 0, "root", &ctx, err, sizeof err);
    CHECK(rc < 0 && strstr(err, "smb_conn_requests=4") && strstr(err, "libsmbclient"),
          "libsmbclient refuses smb_conn_requests: %s", err);
    if (rc == 0) b->close(ctx);
    sfs_cfg_free(&cfg);
}

int main(void)
{
    key_checks();
    smb_client *c = new_client();
    CHECK(c && c->cap == CAP, "smb_conn_requests=4 reaches the client: cap %d", c ? c->cap : -1);
    if (!c)
        return check_result("test_smb_l2_cap");
    static struct job jobs[CALLS];
    smb_task *tasks[CALLS];
    for (int i = 0; i < CALLS; i++) {
        jobs[i] = (struct job){ .c = c, .id = i, .want = 1 + i % 3 };
        if (i == 7) jobs[i].want = CAP + 2;   /* bigger than the cap: goes alone */
        tasks[i] = smb_task_new(job_main, job_finish);
        CHECK(tasks[i] && smb_task_run(tasks[i], &jobs[i]) == 0, "task %d started", i);
    }
    CHECK(c->handed <= CAP, "handed %d after the calls came", c->handed);
    CHECK(admitted < CALLS, "calls beyond the cap are held (%d handed over at once)", admitted);
    int rounds = 0;
    while (answer_one(jobs, CALLS) && rounds++ < 100000) {
        CHECK(c->handed <= CAP || c->handed == jobs[7].k->handed, "handed %d", c->handed);
        resume_ready(c);
    }
    CHECK(admitted == CALLS, "every call handed over (%d)", admitted);
    CHECK(over_cap == 0, "handed over past the cap %d times", over_cap);
    for (int i = 0; i < CALLS; i++) {
        CHECK(order[i] == i, "handed over in the order they came: %d at %d", order[i], i);
        CHECK(jobs[i].finished == 1 && jobs[i].admit_rc == 0 && jobs[i].run_rc == 0,
              "call %d completed once (finished %d, rc %d/%d)", i, jobs[i].finished,
              jobs[i].admit_rc, jobs[i].run_rc);
    }
    CHECK(c->handed == 0 && !c->held && !c->waiting, "nothing left handed (%d), held or waiting",
          c->handed);

    /* the connection dies with calls handed over and calls held: all fail, once */
    smb_client *d = new_client();
    static struct job more[12];
    admitted = 0;
    for (int i = 0; i < 12; i++) {
        more[i] = (struct job){ .c = d, .id = i, .want = 1 };
        CHECK(smb_task_run(tasks[i], &more[i]) == 0, "task %d restarted", i);
    }
    CHECK(d->handed == CAP && d->held, "%d handed, the rest held", d->handed);
    l2_mark_dead(d, "%s", "test");
    resume_ready(d);
    for (int i = 0; i < 12; i++) {
        int rc = i < CAP ? more[i].run_rc : more[i].admit_rc;
        CHECK(more[i].finished == 1 && rc == -ENOTCONN, "call %d failed once (finished %d, rc %d)",
              i, more[i].finished, rc);
    }
    CHECK(!d->held && !d->waiting && !d->ready, "nothing held, waiting or ready after the death");
    for (int i = 0; i < CALLS; i++)
        smb_task_free(tasks[i]);
    l2_free(c);
    l2_free(d);
    return check_result("test_smb_l2_cap");
}
