/* Registers pthread mutex/TLS functions with Samba's libraries (the job of
 * smbc_thread_posix(), which Debian 12's libsmbclient does not export).
 * Call once before the first smbc_new_context; idempotent.
 * Returns 0, -ENOSYS if libsamba-util has no smb_thread_set_functions. */
#ifndef SFS_SMB_THREADS_H
#define SFS_SMB_THREADS_H

int smb_threads_install(void);

#endif
