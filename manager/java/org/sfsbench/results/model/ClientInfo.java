package org.sfsbench.results.model;

/** One load generator (client) of the run, in CLIENTS order. */
public class ClientInfo {
    /** Host name as given in CLIENTS. */
    private String name;
    /** 1-based client number (sfsc0001 is client 1). */
    private int number;
    /** Procs (load-generating processes) on this client. */
    private int procs;

    public ClientInfo() {
    }

    public ClientInfo(String name, int number, int procs) {
        this.name = name;
        this.number = number;
        this.procs = procs;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public int getNumber() {
        return number;
    }

    public void setNumber(int number) {
        this.number = number;
    }

    public int getProcs() {
        return procs;
    }

    public void setProcs(int procs) {
        this.procs = procs;
    }
}
