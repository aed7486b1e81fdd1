/*
 * sfsagentsvc.exe: the Windows service host of a persistent sfsbench agent
 * (sfs agent --install-service on Windows registers it; docs/running.md).
 *
 *   sfsagentsvc.exe LOGFILE CHILD-COMMAND-LINE...
 *
 * Started by the service control manager, it runs CHILD-COMMAND-LINE (the
 * agent's java.exe, taken verbatim from its own command line) with standard
 * output and error appended to LOGFILE and standard input a pipe it holds.
 * The child and everything it starts (the agent's worker JVMs) are in a Job
 * object that kills them all when the job is closed.  On SERVICE_CONTROL_STOP
 * (or SHUTDOWN) it first closes the pipe, which the agent (--service) takes
 * as the request to stop its workers and exit, waits up to STOP_GRACE_MS for
 * that, then ends the job: no java.exe outlives the service.  A child that
 * exits on its own is started again after RESTART_DELAY_MS, as the systemd
 * unit's Restart=on-failure does on Linux.
 */
#include <windows.h>
#include <stdio.h>
#include <wchar.h>

#define STOP_GRACE_MS 10000
#define RESTART_DELAY_MS 5000

static SERVICE_STATUS_HANDLE status_handle;
static SERVICE_STATUS status;
static HANDLE stop_event;
static wchar_t log_path[MAX_PATH * 2];
static wchar_t *child_line;

static void report(DWORD state, DWORD exit_code, DWORD wait_hint)
{
    static DWORD checkpoint = 1;
    status.dwServiceType = SERVICE_WIN32_OWN_PROCESS;
    status.dwCurrentState = state;
    status.dwControlsAccepted = state == SERVICE_RUNNING ? SERVICE_ACCEPT_STOP | SERVICE_ACCEPT_SHUTDOWN : 0;
    status.dwWin32ExitCode = exit_code == 0 ? NO_ERROR : ERROR_SERVICE_SPECIFIC_ERROR;
    status.dwServiceSpecificExitCode = exit_code;
    status.dwWaitHint = wait_hint;
    status.dwCheckPoint = state == SERVICE_RUNNING || state == SERVICE_STOPPED ? 0 : checkpoint++;
    SetServiceStatus(status_handle, &status);
}

/* One line, in UTF-8, appended to the log file (which the child writes too). */
static void log_line(const wchar_t *fmt, ...)
{
    wchar_t text[1024];
    char utf8[4096];
    SYSTEMTIME t;
    va_list ap;
    GetSystemTime(&t);
    int n = swprintf(text, 64, L"%04u-%02u-%02uT%02u:%02u:%02uZ sfsagentsvc: ", t.wYear, t.wMonth, t.wDay, t.wHour,
                     t.wMinute, t.wSecond);
    va_start(ap, fmt);
    vswprintf(text + n, 1024 - n - 2, fmt, ap);
    va_end(ap);
    wcscat(text, L"\r\n");
    int len = WideCharToMultiByte(CP_UTF8, 0, text, -1, utf8, sizeof utf8, NULL, NULL);
    HANDLE f = CreateFileW(log_path, FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_ALWAYS,
                           FILE_ATTRIBUTE_NORMAL, NULL);
    if (f != INVALID_HANDLE_VALUE && len > 1) {
        DWORD written;
        WriteFile(f, utf8, (DWORD)len - 1, &written, NULL);
        CloseHandle(f);
    }
}

static DWORD WINAPI control(DWORD code, DWORD type, void *data, void *context)
{
    (void)type;
    (void)data;
    (void)context;
    switch (code) {
    case SERVICE_CONTROL_STOP:
    case SERVICE_CONTROL_SHUTDOWN:
        report(SERVICE_STOP_PENDING, 0, STOP_GRACE_MS + 5000);
        SetEvent(stop_event);
        return NO_ERROR;
    case SERVICE_CONTROL_INTERROGATE:
        return NO_ERROR;
    default:
        return ERROR_CALL_NOT_IMPLEMENTED;
    }
}

/* A job whose closing kills every process in it. */
static HANDLE kill_on_close_job(void)
{
    HANDLE job = CreateJobObjectW(NULL, NULL);
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION info;
    ZeroMemory(&info, sizeof info);
    info.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (job != NULL && !SetInformationJobObject(job, JobObjectExtendedLimitInformation, &info, sizeof info)) {
        CloseHandle(job);
        return NULL;
    }
    return job;
}

/*
 * Starts the child in the job with stdin a pipe (its write end in *stdin_write) and
 * stdout/stderr appended to the log.  Returns the process handle, NULL on failure.
 */
static HANDLE start_child(HANDLE job, HANDLE *stdin_write, DWORD *pid)
{
    SECURITY_ATTRIBUTES inherit = {sizeof inherit, NULL, TRUE};
    HANDLE in_read, out = CreateFileW(log_path, FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                                      OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    if (out == INVALID_HANDLE_VALUE) {
        return NULL;
    }
    if (!CreatePipe(&in_read, stdin_write, &inherit, 0)) {
        CloseHandle(out);
        return NULL;
    }
    SetHandleInformation(*stdin_write, HANDLE_FLAG_INHERIT, 0);
    STARTUPINFOW si;
    PROCESS_INFORMATION pi;
    ZeroMemory(&si, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = in_read;
    si.hStdOutput = out;
    si.hStdError = out;
    /* CreateProcessW may write into the command line: give it a copy */
    size_t n = wcslen(child_line) + 1;
    wchar_t *line = HeapAlloc(GetProcessHeap(), 0, n * sizeof(wchar_t));
    BOOL ok = line != NULL;
    if (ok) {
        memcpy(line, child_line, n * sizeof(wchar_t));
        ok = CreateProcessW(NULL, line, NULL, NULL, TRUE, CREATE_SUSPENDED | CREATE_NO_WINDOW, NULL, NULL, &si, &pi);
        HeapFree(GetProcessHeap(), 0, line);
    }
    CloseHandle(in_read);
    CloseHandle(out);
    if (!ok) {
        CloseHandle(*stdin_write);
        return NULL;
    }
    if (job != NULL && !AssignProcessToJobObject(job, pi.hProcess)) {
        log_line(L"cannot put the agent into the service's job (error %lu); its workers may outlive a stop",
                 GetLastError());
    }
    ResumeThread(pi.hThread);
    CloseHandle(pi.hThread);
    *pid = pi.dwProcessId;
    return pi.hProcess;
}

static void WINAPI service_main(DWORD argc, wchar_t **argv)
{
    status_handle = RegisterServiceCtrlHandlerExW(argc > 0 ? argv[0] : L"", control, NULL);
    if (status_handle == NULL) {
        return;
    }
    report(SERVICE_START_PENDING, 0, 10000);
    stop_event = CreateEventW(NULL, TRUE, FALSE, NULL);
    HANDLE job = kill_on_close_job();
    if (job == NULL) {
        log_line(L"cannot create a job object (error %lu)", GetLastError());
    }
    DWORD exit_code = 0;
    for (;;) {
        HANDLE stdin_write;
        DWORD pid;
        HANDLE child = start_child(job, &stdin_write, &pid);
        if (child == NULL) {
            log_line(L"cannot start the agent (error %lu): %ls", GetLastError(), child_line);
            exit_code = 1;
            break;
        }
        log_line(L"agent started, pid %lu", pid);
        if (status.dwCurrentState != SERVICE_RUNNING) {
            report(SERVICE_RUNNING, 0, 0);
        }
        HANDLE both[2] = {stop_event, child};
        DWORD woke = WaitForMultipleObjects(2, both, FALSE, INFINITE);
        if (woke == WAIT_OBJECT_0) {
            log_line(L"stop requested: closing the agent's standard input");
            CloseHandle(stdin_write);
            if (WaitForSingleObject(child, STOP_GRACE_MS) != WAIT_OBJECT_0) {
                log_line(L"the agent did not exit within %d ms", STOP_GRACE_MS);
            }
            CloseHandle(child);
            break;
        }
        CloseHandle(stdin_write);
        GetExitCodeProcess(child, &exit_code);
        CloseHandle(child);
        log_line(L"agent exited with status %lu; starting it again in %d ms", exit_code, RESTART_DELAY_MS);
        if (job != NULL) {
            TerminateJobObject(job, 1); /* workers it left */
        }
        if (WaitForSingleObject(stop_event, RESTART_DELAY_MS) == WAIT_OBJECT_0) {
            break;
        }
    }
    if (job != NULL) {
        TerminateJobObject(job, 1);
        CloseHandle(job);
    }
    log_line(L"stopped");
    report(SERVICE_STOPPED, exit_code, 0);
}

/* The end of the command line's first word (Windows rules: spaces inside quotes do not end it). */
static const wchar_t *skip_word(const wchar_t *p)
{
    int quoted = 0;
    while (*p == L' ' || *p == L'\t') {
        p++;
    }
    for (; *p != 0 && (quoted || (*p != L' ' && *p != L'\t')); p++) {
        if (*p == L'"') {
            quoted = !quoted;
        }
    }
    return p;
}

int wmain(int argc, wchar_t **argv)
{
    if (argc < 3) {
        fwprintf(stderr, L"usage: sfsagentsvc.exe LOGFILE CHILD-COMMAND-LINE...\n"
                         L"(registered by: sfs agent --install-service; see docs/running.md)\n");
        return 2;
    }
    if (wcslen(argv[1]) >= MAX_PATH * 2) {
        fwprintf(stderr, L"sfsagentsvc: log file path too long: %ls\n", argv[1]);
        return 2;
    }
    wcscpy(log_path, argv[1]);
    const wchar_t *rest = skip_word(skip_word(GetCommandLineW()));
    while (*rest == L' ' || *rest == L'\t') {
        rest++;
    }
    child_line = (wchar_t *)rest;
    SERVICE_TABLE_ENTRYW table[] = {{(wchar_t *)L"", service_main}, {NULL, NULL}};
    if (!StartServiceCtrlDispatcherW(table)) {
        DWORD e = GetLastError();
        fwprintf(stderr, e == ERROR_FAILED_SERVICE_CONTROLLER_CONNECT
                             ? L"sfsagentsvc: runs only as a service (sfs agent --install-service)\n"
                             : L"sfsagentsvc: StartServiceCtrlDispatcher failed (error %lu)\n",
                 e);
        return 1;
    }
    return 0;
}
