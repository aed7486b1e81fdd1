/* Riding through an outage with the libsmb2 client (smb_l2_ride.c), the
 * parts that need no server: an op waiting for a lost connection fails
 * once outage_max has passed while every attempt to connect again is
 * refused (a real connect to a closed loopback port), with the reason
 * naming outage_max; without outage_max nothing waits; the open-file
 * table keeps the files still open; and libsmbclient, which cannot ride
 * through, refuses outage_max > 0 when the engine opens.  smb_outage.sh
 * (ctest smb_outage) proves the ride against a restarted smbd. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "clock.h"
#include "sfsengine.h"
#include "smb_l2.h"

#define OUTAGE_MS 600

struct waiter {
    smb_client *c;
    int rc, finished;
};

static void wait_main(void *arg)
{
    struct waiter *w = arg;
    w->rc = l2_ride_await(w->c);
}

static void wait_finish(void *arg)
{
    ((struct waiter *)arg)->finished = 1;
}

static void test_gives_up(void)
{
    smb_conn_params p = { .server = "127.0.0.1", .port = 1, .share = "share", .user = "u",
                          .password = "pw", .domain = "", .timeout_ms = 1000,
                          .outage_max_ms = OUTAGE_MS };
    smb_client *c = l2_client_new(&p);
    CHECK(c != NULL, "client");
    if (!c) return;
    CHECK(l2_ride_await(c) == -1, "a connection that is not lost is not waited for");
    l2_mark_dead(c, "%s", "connection shut down");
    uint64_t t0 = sfs_now_ns();
    struct waiter w = { .c = c, .rc = 99 };
    smb_task *t = smb_task_new(wait_main, wait_finish);
    CHECK(t && smb_task_run(t, &w) == 0, "task");
    CHECK(!w.finished && c->parked, "the op waits for the connection");
    int rc = 0, attempts = 0;
    while ((rc = l2_ride_service(c)) == 0 && sfs_now_ns() - t0 < 5000000000ULL) {
        attempts++;
        usleep(20000);
    }
    double took = (double)(sfs_now_ns() - t0) / 1e6;
    CHECK(rc == -1, "the ride ends");
    CHECK(took >= OUTAGE_MS - 5 && took < OUTAGE_MS + 2500, "after outage_max: %.0f ms", took);
    CHECK(w.finished && w.rc == -1, "the waiting op fails (finished %d, rc %d)", w.finished, w.rc);
    CHECK(strstr(c->why, "outage_max (0.6 s)") && strstr(c->why, "connection shut down"),
          "the reason names outage_max and the loss: %s", c->why);
    CHECK(c->reconnects == 0 && attempts > 0, "refused attempts are not reconnects");
    CHECK(l2_ride_await(c) == -1, "after the ride nothing waits");
    smb_task_free(t);
    l2_free(c);

    p.outage_max_ms = 0;
    c = l2_client_new(&p);
    l2_mark_dead(c, "%s", "lost");
    struct waiter w0 = { .c = c, .rc = 99 };
    t = smb_task_new(wait_main, wait_finish);
    CHECK(t && smb_task_run(t, &w0) == 0, "task");
    CHECK(w0.finished && w0.rc == -1, "without outage_max a lost connection is not waited for");
    CHECK(l2_ride_service(c) == -1, "and not made again");
    smb_task_free(t);
    l2_free(c);
}

static void test_open_files(void)
{
    smb_conn_params p = { .server = "127.0.0.1", .share = "share", .user = "u" };
    smb_client *c = l2_client_new(&p);
    smb_file *f[3];
    for (int i = 0; i < 3; i++) {
        f[i] = calloc(1, sizeof *f[i]);
        f[i]->path = strdup(i == 0 ? "a" : i == 1 ? "b" : "c");
        l2_file_opened(c, f[i]);
    }
    l2_file_closed(c, f[1]);
    free(f[1]);
    int n = 0, b = 0;
    for (smb_file *g = c->files; g; g = g->next) {
        n++;
        b += strcmp(g->path, "b") == 0;
    }
    CHECK(n == 2 && b == 0, "the table holds the files still open (%d, b %d)", n, b);
    l2_free(c);   /* frees those never closed */
}

#ifndef _WIN32   /* the Windows engine is built without libsmbclient */
static void test_libsmbclient_refuses(void)
{
    CHECK(strstr(sfs_engine_version(), "libsmbclient") != NULL,
          "libsmbclient is built into the engine (bin/install-deps: libsmbclient-dev): %s",
          sfs_engine_version());
    char err[1024] = "";
    sfs_engine *e = sfs_engine_open("backend=smb\nworkload=sfs2008-cifs\nsmb_client=libsmbclient\n"
                                    "outage_max=5\nrate=10\nusername=u\npassword=p\nprocs=1\n"
                                    "target.0=//127.0.0.1:1/share\n", err, sizeof err);
    CHECK(e == NULL, "open refused");
    if (e) sfs_engine_close(e);
    CHECK(strstr(err, "outage_max=5") && strstr(err, "libsmbclient cannot ride through"),
          "the reason names the key and the client: %s", err);
}
#endif

int main(void)
{
    test_gives_up();
    test_open_files();
#ifndef _WIN32
    test_libsmbclient_refuses();
#endif
    return check_result("test_smb_l2_ride");
}
