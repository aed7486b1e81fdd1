/* win32 backend: Windows errors (GetLastError) as the engine's negative errno
 * values, so error tables, expect_status and the fatal check read the same as
 * on posix; the Windows code itself is kept as the request's proto_status. */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include "win32_priv.h"

#ifndef ERROR_DISK_QUOTA_EXCEEDED
#define ERROR_DISK_QUOTA_EXCEEDED 1295L   /* winerror.h of newer SDKs */
#endif

int w32_errno(DWORD err)
{
    switch (err) {
    case ERROR_SUCCESS: case ERROR_HANDLE_EOF:
        return 0;
    case ERROR_FILE_NOT_FOUND: case ERROR_PATH_NOT_FOUND: case ERROR_INVALID_DRIVE:
        return -ENOENT;
    case ERROR_ACCESS_DENIED: case ERROR_PRIVILEGE_NOT_HELD: case ERROR_NETWORK_ACCESS_DENIED:
        return -EACCES;
    case ERROR_SHARING_VIOLATION: case ERROR_BUSY:
        return -EBUSY;
    case ERROR_LOCK_VIOLATION: case ERROR_LOCK_FAILED: case ERROR_NOT_LOCKED:
        return -EAGAIN;
    case ERROR_FILE_EXISTS: case ERROR_ALREADY_EXISTS:
        return -EEXIST;
    case ERROR_DIR_NOT_EMPTY:
        return -ENOTEMPTY;
    case ERROR_DIRECTORY:
        return -ENOTDIR;
    case ERROR_DISK_FULL: case ERROR_HANDLE_DISK_FULL:
        return -ENOSPC;
    case ERROR_DISK_QUOTA_EXCEEDED:
        return -EDQUOT;
    case ERROR_WRITE_PROTECT:
        return -EROFS;
    case ERROR_INVALID_HANDLE:
        return -EBADF;
    case ERROR_NOT_ENOUGH_MEMORY: case ERROR_OUTOFMEMORY: case ERROR_NO_SYSTEM_RESOURCES:
        return -ENOMEM;
    case ERROR_FILENAME_EXCED_RANGE: case ERROR_BUFFER_OVERFLOW:
        return -ENAMETOOLONG;
    case ERROR_INVALID_NAME: case ERROR_INVALID_PARAMETER: case ERROR_NEGATIVE_SEEK:
        return -EINVAL;
    case ERROR_NOT_SUPPORTED: case ERROR_INVALID_FUNCTION: case ERROR_CALL_NOT_IMPLEMENTED:
        return -ENOTSUP;
    case ERROR_OPERATION_ABORTED:
        return -ECANCELED;
    case ERROR_NOT_SAME_DEVICE:
        return -EXDEV;
    case ERROR_TOO_MANY_OPEN_FILES:
        return -EMFILE;
    case ERROR_TOO_MANY_LINKS:
        return -EMLINK;
    /* the share, its server or the device is gone: fatal (sfs_status_is_fatal) */
    case ERROR_NETNAME_DELETED: case ERROR_UNEXP_NET_ERR: case ERROR_CONNECTION_ABORTED:
        return -ECONNABORTED;
    case ERROR_BAD_NETPATH: case ERROR_BAD_NET_NAME: case ERROR_NETWORK_UNREACHABLE:
    case ERROR_HOST_UNREACHABLE: case ERROR_REM_NOT_LIST:
        return -ENETUNREACH;
    case ERROR_NOT_READY: case ERROR_DEV_NOT_EXIST: case ERROR_DEVICE_NOT_CONNECTED:
        return -ENODEV;
    default:
        return -EIO;
    }
}

const char *w32_message(DWORD err)
{
    static __thread char buf[256];
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, err,
                             MAKELANGID(LANG_ENGLISH, SUBLANG_DEFAULT), buf, sizeof buf, NULL);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == '.' || buf[n - 1] == ' '))
        buf[--n] = '\0';
    if (n == 0) snprintf(buf, sizeof buf, "Windows error %lu", (unsigned long)err);
    else snprintf(buf + n, sizeof buf - n, " (Windows error %lu)", (unsigned long)err);
    return buf;
}
