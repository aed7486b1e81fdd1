/* win32 backend: every op as Windows calls, synchronously (docs/engine.md,
 * "The win32 backend").  Queued mode sends reads and writes through the
 * completion port instead (win32_iocp.c); the rest runs here in both modes.
 * Returns 0 or a Windows error (GetLastError). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "win32_priv.h"
#include "config.h"

/* FILETIME (100 ns since 1601) as ns since 1970 */
static uint64_t ft_ns(FILETIME ft)
{
    uint64_t t = ((uint64_t)ft.dwHighDateTime << 32) | ft.dwLowDateTime;
    return t > 116444736000000000ULL ? (t - 116444736000000000ULL) * 100 : 0;
}

static void fill_attr(sfs_attr *a, DWORD attrs, DWORD size_hi, DWORD size_lo, FILETIME mtime,
                      FILETIME atime, DWORD nlink)
{
    int dir = (attrs & FILE_ATTRIBUTE_DIRECTORY) != 0;
    a->size = dir ? 0 : ((uint64_t)size_hi << 32) | size_lo;
    a->mode = (dir ? S_IFDIR | 0755 : S_IFREG | 0644) & ~(attrs & FILE_ATTRIBUTE_READONLY ? 0222u : 0u);
    a->nlink = nlink ? nlink : 1;
    a->mtime_ns = ft_ns(mtime);
    a->atime_ns = ft_ns(atime);
    a->uid = a->gid = 0;
}

#define FULL(rel, out) do { if (w32_path(c, (rel), (out), W32_PATH)) return ERROR_FILENAME_EXCED_RANGE; } while (0)
#define WIN(call) do { if (!(call)) return GetLastError(); } while (0)

static DWORD path_attr(struct w32_ctx *c, const char *rel, sfs_attr *a)
{
    wchar_t p[W32_PATH];
    WIN32_FILE_ATTRIBUTE_DATA d;
    FULL(rel, p);
    WIN(GetFileAttributesExW(p, GetFileExInfoStandard, &d));
    fill_attr(a, d.dwFileAttributes, d.nFileSizeHigh, d.nFileSizeLow, d.ftLastWriteTime,
              d.ftLastAccessTime, 1);
    return 0;
}

static DWORD handle_attr(HANDLE h, sfs_attr *a)
{
    BY_HANDLE_FILE_INFORMATION i;
    WIN(GetFileInformationByHandle(h, &i));
    fill_attr(a, i.dwFileAttributes, i.nFileSizeHigh, i.nFileSizeLow, i.ftLastWriteTime,
              i.ftLastAccessTime, i.nNumberOfLinks);
    return 0;
}

static DWORD touch(HANDLE h)
{
    FILETIME now;
    GetSystemTimeAsFileTime(&now);
    WIN(SetFileTime(h, NULL, &now, &now));
    return 0;
}

/* an object opened for its attributes (FILE_FLAG_BACKUP_SEMANTICS: folders too) */
static HANDLE open_meta(struct w32_ctx *c, const char *rel, DWORD access, DWORD *err)
{
    wchar_t p[W32_PATH];
    if (w32_path(c, rel, p, W32_PATH)) { *err = ERROR_FILENAME_EXCED_RANGE; return INVALID_HANDLE_VALUE; }
    HANDLE h = CreateFileW(p, access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                           OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    if (h == INVALID_HANDLE_VALUE) *err = GetLastError();
    return h;
}

static DWORD setattr(struct w32_ctx *c, sfs_req *req)
{
    DWORD err = 0;
    if (req->mode) {   /* Windows keeps one permission bit: read-only when no write bit is set */
        wchar_t p[W32_PATH];
        FULL(req->path, p);
        DWORD a = GetFileAttributesW(p);
        if (a == INVALID_FILE_ATTRIBUTES) return GetLastError();
        DWORD want = req->mode & 0222 ? a & ~(DWORD)FILE_ATTRIBUTE_READONLY : a | FILE_ATTRIBUTE_READONLY;
        if (want == a) return 0;
        WIN(SetFileAttributesW(p, want ? want : FILE_ATTRIBUTE_NORMAL));
        return 0;
    }
    HANDLE h = open_meta(c, req->path, FILE_WRITE_ATTRIBUTES, &err);
    if (h == INVALID_HANDLE_VALUE) return err;
    err = touch(h);
    CloseHandle(h);
    return err;
}

static DWORD transfer(struct w32_ctx *c, sfs_req *req, HANDLE h, int write)
{
    unsigned char *buf = req->buf ? req->buf : c->rbuf;
    uint64_t len = req->length;
    if (!req->buf && len > SFS_XFER_MAX) len = SFS_XFER_MAX;
    uint64_t off = req->offset;
    if (req->append) {
        LARGE_INTEGER sz;
        WIN(GetFileSizeEx(h, &sz));
        off = (uint64_t)sz.QuadPart;
    }
    DWORD n = 0, err = w32_sync_xfer(c, h, write, buf, (DWORD)len, off, &n);
    req->physical = 1;
    req->result_bytes = n;
    return err;
}

static DWORD read_or_write(struct w32_ctx *c, sfs_req *req, int write, int stable)
{
    DWORD err = 0;
    HANDLE h = w32_cached_handle(c, req->path, &err);
    if (h == INVALID_HANDLE_VALUE) return err;
    err = transfer(c, req, h, write);
    if (!err && stable) {
        req->physical++;
        if (!FlushFileBuffers(h)) err = GetLastError();
    }
    if (strlen(req->path) >= sizeof c->cache[0].path) CloseHandle(h);
    return err;
}

static DWORD list_dir(struct w32_ctx *c, sfs_req *req)
{
    wchar_t p[W32_PATH];
    FULL(req->path, p);
    size_t l = wcslen(p);
    if (l + 3 > W32_PATH) return ERROR_FILENAME_EXCED_RANGE;
    wcscpy(p + l, L"\\*");
    WIN32_FIND_DATAW fd;
    HANDLE f = FindFirstFileExW(p, FindExInfoBasic, &fd, FindExSearchNameMatch, NULL, 0);
    if (f == INVALID_HANDLE_VALUE) return GetLastError();
    uint64_t n = 0;
    DWORD err = 0;
    do {   /* the listing carries every entry's attributes: readdirplus costs no more */
        n++;
        if (req->entry && wcscmp(fd.cFileName, L".") != 0 && wcscmp(fd.cFileName, L"..") != 0) {
            char name[MAX_PATH * 3];
            if (WideCharToMultiByte(CP_UTF8, 0, fd.cFileName, -1, name, sizeof name, NULL, NULL) > 0)
                req->entry(req, name);
        }
    } while (FindNextFileW(f, &fd));
    if (GetLastError() != ERROR_NO_MORE_FILES) err = GetLastError();
    FindClose(f);
    req->physical = 1;
    req->result_bytes = n;
    return err;
}

/* the folder of the volume holding the proc root (GetVolumeInformation takes no other) */
static DWORD volume_of(struct w32_ctx *c, wchar_t *vol, DWORD len)
{
    WIN(GetVolumePathNameW(c->root, vol, len));
    return 0;
}

static DWORD slot(struct w32_ctx *c, sfs_req *req, HANDLE *h)
{
    if (req->slot < 0 || req->slot >= SFS_MAX_HANDLES || c->slots[req->slot] == INVALID_HANDLE_VALUE)
        return ERROR_INVALID_HANDLE;
    *h = c->slots[req->slot];
    return 0;
}

static DWORD nt_create(struct w32_ctx *c, sfs_req *req)
{
    wchar_t p[W32_PATH];
    if (req->slot < 0 || req->slot >= SFS_MAX_HANDLES) return ERROR_INVALID_HANDLE;
    if (c->slots[req->slot] != INVALID_HANDLE_VALUE) {
        CloseHandle(c->slots[req->slot]);
        c->slots[req->slot] = INVALID_HANDLE_VALUE;
    }
    FULL(req->path, p);
    const DWORD share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    HANDLE h = CreateFileW(p, GENERIC_READ | GENERIC_WRITE, share, NULL,
                           req->mode ? OPEN_ALWAYS : OPEN_EXISTING,
                           FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OVERLAPPED, NULL);
    int dir = 0;
    if (h == INVALID_HANDLE_VALUE && GetLastError() == ERROR_ACCESS_DENIED) {
        /* a folder, or a read-only file: opened for reading, as posix does */
        DWORD a = GetFileAttributesW(p);
        dir = a != INVALID_FILE_ATTRIBUTES && (a & FILE_ATTRIBUTE_DIRECTORY);
        h = CreateFileW(p, GENERIC_READ | FILE_WRITE_ATTRIBUTES, share, NULL, OPEN_EXISTING,
                        dir ? FILE_FLAG_BACKUP_SEMANTICS : FILE_FLAG_OVERLAPPED, NULL);
    }
    if (h == INVALID_HANDLE_VALUE) return GetLastError();
    c->slots[req->slot] = h;
    c->slot_dir[req->slot] = dir;
    return 0;
}

static DWORD lock(struct w32_ctx *c, HANDLE h, sfs_req *req)
{
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    ov.Offset = (DWORD)req->offset;
    ov.OffsetHigh = (DWORD)(req->offset >> 32);
    ov.hEvent = (HANDLE)((ULONG_PTR)c->event | 1);
    DWORD lo = (DWORD)req->length, hi = (DWORD)(req->length >> 32), n;
    if (req->mode) {
        WIN(UnlockFileEx(h, 0, lo, hi, &ov));
        return 0;
    }
    if (!LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, lo, hi, &ov)) {
        DWORD err = GetLastError();
        if (err != ERROR_IO_PENDING) return err;
        WIN(GetOverlappedResult(h, &ov, &n, TRUE));
    }
    return 0;
}

static DWORD secdesc(HANDLE h, sfs_req *req)
{
    unsigned char sd[4096];
    DWORD need = 0;
    WIN(GetKernelObjectSecurity(h, OWNER_SECURITY_INFORMATION | GROUP_SECURITY_INFORMATION |
                                DACL_SECURITY_INFORMATION, (PSECURITY_DESCRIPTOR)sd, sizeof sd, &need));
    req->result_bytes = GetSecurityDescriptorLength((PSECURITY_DESCRIPTOR)sd);
    return 0;
}

DWORD w32_do_op(struct w32_ctx *c, sfs_req *req)
{
    wchar_t p[W32_PATH], p2[W32_PATH];
    HANDLE h;
    DWORD err = 0;
    req->physical = 1;
    switch (req->op) {
    case SFS_OP_NULL: case SFS_OP_CIFS_ECHO:
        return 0;
    case SFS_OP_ROOT:
        return path_attr(c, "", &req->attr);
    case SFS_OP_GETATTR: case SFS_OP_LOOKUP: case SFS_OP_CIFS_QUERY_PATH_INFO:
        return path_attr(c, req->path, &req->attr);
    case SFS_OP_SETATTR:
        return setattr(c, req);
    case SFS_OP_ACCESS:
        if ((h = open_meta(c, req->path, GENERIC_READ, &err)) == INVALID_HANDLE_VALUE) return err;
        CloseHandle(h);
        return 0;
    case SFS_OP_READ:
        return read_or_write(c, req, 0, 0);
    case SFS_OP_WRITE:
        return read_or_write(c, req, 1, req->stable);
    case SFS_OP_WRCACHE:
        return read_or_write(c, req, 1, 0);
    case SFS_OP_COMMIT:
        if ((h = w32_cached_handle(c, req->path, &err)) == INVALID_HANDLE_VALUE) return err;
        if (!FlushFileBuffers(h)) err = GetLastError();
        if (strlen(req->path) >= sizeof c->cache[0].path) CloseHandle(h);
        return err;
    case SFS_OP_CREATE:
        FULL(req->path, p);
        h = CreateFileW(p, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                        CREATE_NEW, FILE_ATTRIBUTE_NORMAL, NULL);
        if (h == INVALID_HANDLE_VALUE) return GetLastError();
        CloseHandle(h);
        return 0;
    case SFS_OP_REMOVE:
        w32_forget(c, req->path);
        FULL(req->path, p);
        WIN(DeleteFileW(p));
        return 0;
    case SFS_OP_RENAME:
        w32_forget(c, req->path);
        w32_forget(c, req->path2);
        FULL(req->path, p);
        FULL(req->path2, p2);
        WIN(MoveFileExW(p, p2, MOVEFILE_REPLACE_EXISTING));
        return 0;
    case SFS_OP_LINK:
        FULL(req->path, p);
        FULL(req->path2, p2);
        WIN(CreateHardLinkW(p2, p, NULL));
        return 0;
    case SFS_OP_MKDIR:
        FULL(req->path, p);
        WIN(CreateDirectoryW(p, NULL));
        return 0;
    case SFS_OP_RMDIR:
        FULL(req->path, p);
        WIN(RemoveDirectoryW(p));
        return 0;
    case SFS_OP_READDIR: case SFS_OP_READDIRPLUS: case SFS_OP_CIFS_FIND_FIRST2:
        return list_dir(c, req);
    case SFS_OP_FSSTAT: case SFS_OP_CIFS_QUERY_FS_INFO: {
        ULARGE_INTEGER avail, total, nfree;
        WIN(GetDiskFreeSpaceExW(c->root, &avail, &total, &nfree));
        req->result_bytes = avail.QuadPart;
        req->attr.size = total.QuadPart;
        return 0;
    }
    case SFS_OP_FSINFO: {
        DWORD spc, bps, fc, tc;
        if ((err = volume_of(c, p, W32_PATH))) return err;
        WIN(GetDiskFreeSpaceW(p, &spc, &bps, &fc, &tc));
        req->result_bytes = (uint64_t)spc * bps;   /* the cluster: the unit of allocation */
        return 0;
    }
    case SFS_OP_PATHCONF: {
        DWORD maxname = 0, flags = 0;
        if ((err = volume_of(c, p, W32_PATH))) return err;
        WIN(GetVolumeInformationW(p, NULL, 0, NULL, &maxname, &flags, NULL, 0));
        req->result_bytes = maxname;
        return 0;
    }
    /* CIFS ops on open-file slots */
    case SFS_OP_CIFS_NT_CREATE_ANDX:
        return nt_create(c, req);
    case SFS_OP_CIFS_CLOSE:
        if ((err = slot(c, req, &h))) return err;
        c->slots[req->slot] = INVALID_HANDLE_VALUE;
        WIN(CloseHandle(h));
        return 0;
    case SFS_OP_CIFS_READ_ANDX: case SFS_OP_CIFS_WRITE_ANDX:
        if ((err = slot(c, req, &h))) return err;
        return transfer(c, req, h, req->op == SFS_OP_CIFS_WRITE_ANDX);
    case SFS_OP_CIFS_QUERY_FILE_INFO:
        if ((err = slot(c, req, &h))) return err;
        return handle_attr(h, &req->attr);
    case SFS_OP_CIFS_SET_FILE_INFO:
        if ((err = slot(c, req, &h))) return err;
        return touch(h);
    case SFS_OP_CIFS_FLUSH:
        if ((err = slot(c, req, &h))) return err;
        /* a folder opened for reading has no data to flush (Windows refuses it) */
        if (!c->slot_dir[req->slot]) WIN(FlushFileBuffers(h));
        return 0;
    case SFS_OP_CIFS_QUERY_SECDESC:
        if ((err = slot(c, req, &h))) return err;
        return secdesc(h, req);
    case SFS_OP_CIFS_LOCKING_ANDX:
        if ((err = slot(c, req, &h))) return err;
        return lock(c, h, req);
    default:
        return ERROR_NOT_SUPPORTED;
    }
}
