package org.sfsbench.results.model;

/** Achieved throughput of one client at one load point. */
public class ClientThroughput {
    /** Client name. */
    private String client;
    /** 1-based client number. */
    private int number;
    /** Ops of this client / measured seconds of the point. */
    private double opsPerSec;

    public ClientThroughput() {
    }

    public ClientThroughput(String client, int number, double opsPerSec) {
        this.client = client;
        this.number = number;
        this.opsPerSec = opsPerSec;
    }

    public String getClient() {
        return client;
    }

    public void setClient(String client) {
        this.client = client;
    }

    public int getNumber() {
        return number;
    }

    public void setNumber(int number) {
        this.number = number;
    }

    public double getOpsPerSec() {
        return opsPerSec;
    }

    public void setOpsPerSec(double opsPerSec) {
        this.opsPerSec = opsPerSec;
    }
}
