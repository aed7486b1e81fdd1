package org.sfsbench.windows;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.WString;

/**
 * The Windows service control manager through advapi32 (JNA): register, start, stop and delete
 * a service. Calls the API itself rather than sc.exe, whose binPath= argument would need quotes
 * inside quotes that a Java child process cannot pass reliably.
 */
final class ServiceControl implements AutoCloseable {
    private static final int SC_MANAGER_ALL_ACCESS = 0xF003F;
    private static final int SERVICE_ALL_ACCESS = 0xF01FF;
    private static final int SERVICE_WIN32_OWN_PROCESS = 0x10;
    private static final int SERVICE_AUTO_START = 2;
    private static final int SERVICE_ERROR_NORMAL = 1;
    private static final int SERVICE_CONTROL_STOP = 1;
    private static final int SERVICE_CONFIG_DESCRIPTION = 1;
    static final int SERVICE_STOPPED = 1;
    static final int ERROR_SERVICE_DOES_NOT_EXIST = 1060;
    static final int ERROR_SERVICE_NOT_ACTIVE = 1062;
    static final int ERROR_SERVICE_EXISTS = 1073;

    /** The calls used; SERVICE_STATUS is seven DWORDs (int[7]), dwCurrentState the second. */
    private interface Advapi32 extends Library {
        Pointer OpenSCManagerW(WString machine, WString database, int access);

        Pointer CreateServiceW(Pointer scm, WString name, WString displayName, int access, int type, int start,
                int errorControl, WString binaryPath, WString group, Pointer tag, WString dependencies,
                WString account, WString password);

        Pointer OpenServiceW(Pointer scm, WString name, int access);

        boolean ChangeServiceConfig2W(Pointer service, int level, WString[] info);

        boolean StartServiceW(Pointer service, int argc, Pointer argv);

        boolean ControlService(Pointer service, int control, int[] status);

        boolean QueryServiceStatus(Pointer service, int[] status);

        boolean DeleteService(Pointer service);

        boolean CloseServiceHandle(Pointer handle);
    }

    /** A failed call: its name and Windows error code. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;
        final int code;

        Failure(String call, int code) {
            super(call + " failed (Windows error " + code + ")");
            this.code = code;
        }
    }

    private final Advapi32 api = Native.load("advapi32", Advapi32.class);
    private final Pointer scm;

    ServiceControl() throws Failure {
        scm = api.OpenSCManagerW(null, null, SC_MANAGER_ALL_ACCESS);
        if (scm == null) {
            throw new Failure("OpenSCManager (run as Administrator)", Native.getLastError());
        }
    }

    /** Registers an own-process service started at boot (as LocalSystem). */
    void create(String name, String displayName, String description, String binaryPath) throws Failure {
        Pointer s = api.CreateServiceW(scm, new WString(name), new WString(displayName), SERVICE_ALL_ACCESS,
                SERVICE_WIN32_OWN_PROCESS, SERVICE_AUTO_START, SERVICE_ERROR_NORMAL, new WString(binaryPath), null, null,
                null, null, null);
        if (s == null) {
            throw new Failure("CreateService " + name, Native.getLastError());
        }
        api.ChangeServiceConfig2W(s, SERVICE_CONFIG_DESCRIPTION, new WString[] {new WString(description)});
        api.CloseServiceHandle(s);
    }

    void start(String name) throws Failure {
        Pointer s = open(name);
        try {
            if (!api.StartServiceW(s, 0, null)) {
                throw new Failure("StartService " + name, Native.getLastError());
            }
        } finally {
            api.CloseServiceHandle(s);
        }
    }

    /** Asks a running service to stop and waits up to {@code waitMs} until it has; true when stopped. */
    boolean stop(String name, long waitMs) throws Failure, InterruptedException {
        Pointer s = open(name);
        try {
            int[] status = new int[7];
            if (!api.ControlService(s, SERVICE_CONTROL_STOP, status)) {
                int e = Native.getLastError();
                if (e != ERROR_SERVICE_NOT_ACTIVE) {
                    throw new Failure("ControlService STOP " + name, e);
                }
                return true;
            }
            long until = System.currentTimeMillis() + waitMs;
            while (api.QueryServiceStatus(s, status) && status[1] != SERVICE_STOPPED) {
                if (System.currentTimeMillis() > until) {
                    return false;
                }
                Thread.sleep(200);
            }
            return true;
        } finally {
            api.CloseServiceHandle(s);
        }
    }

    void delete(String name) throws Failure {
        Pointer s = open(name);
        try {
            if (!api.DeleteService(s)) {
                throw new Failure("DeleteService " + name, Native.getLastError());
            }
        } finally {
            api.CloseServiceHandle(s);
        }
    }

    private Pointer open(String name) throws Failure {
        Pointer s = api.OpenServiceW(scm, new WString(name), SERVICE_ALL_ACCESS);
        if (s == null) {
            throw new Failure("OpenService " + name, Native.getLastError());
        }
        return s;
    }

    @Override
    public void close() {
        api.CloseServiceHandle(scm);
    }
}
