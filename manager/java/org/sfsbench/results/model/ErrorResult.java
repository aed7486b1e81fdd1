package org.sfsbench.results.model;

/** Failed ops of one op type with one protocol status, for one load point. */
public class ErrorResult {
    /** Op name. */
    private String op;
    /** Engine op id. */
    private int opId;
    /** Protocol status as reported by the backend (NFS3ERR_*, NTSTATUS, errno). */
    private int status;
    /** Status in the usual notation, e.g. NFS3ERR_NOENT 2 or 0xC0000034. */
    private String statusText;
    /** Number of failed ops. */
    private long count;

    public ErrorResult() {
    }

    public String getOp() {
        return op;
    }

    public void setOp(String op) {
        this.op = op;
    }

    public int getOpId() {
        return opId;
    }

    public void setOpId(int opId) {
        this.opId = opId;
    }

    public int getStatus() {
        return status;
    }

    public void setStatus(int status) {
        this.status = status;
    }

    public String getStatusText() {
        return statusText;
    }

    public void setStatusText(String statusText) {
        this.statusText = statusText;
    }

    public long getCount() {
        return count;
    }

    public void setCount(long count) {
        this.count = count;
    }
}
