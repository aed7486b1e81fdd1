package org.sfsbench.rmi;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Objects;

/**
 * RMI socket factories: the server side binds one address (the JDK's default listens on all
 * interfaces); the client side, shipped inside stubs, has connect and read timeouts and TCP
 * keepalive so a vanished host is noticed in seconds instead of ~15 minutes.
 */
public final class SocketFactories {
    /** Connect timeout of manager-to-agent calls. */
    public static final int CONNECT_TIMEOUT_MS = 5000;
    /** Longest single call (prepare waits for mounts; validation can take a while). */
    public static final int READ_TIMEOUT_MS = 120_000;

    /** Deserialisation allow-list (JEP 290) for everything an agent receives. */
    public static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=20;maxrefs=100000;maxbytes=67108864;"
                    + "org.sfsbench.rmi.*;org.sfsbench.engine.Phase;java.lang.*;java.util.*;"
                    + "java.rmi.*;java.rmi.server.*;java.rmi.dgc.*;java.lang.reflect.Proxy;[B;[I;[J;!*");

    private SocketFactories() {
    }

    /** Server factory bound to one address. */
    public static final class BoundServer implements RMIServerSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        private final String bindAddress;

        public BoundServer(String bindAddress) {
            this.bindAddress = bindAddress;
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ServerSocket s = new ServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port), 50);
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BoundServer b && b.bindAddress.equals(bindAddress);
        }

        @Override
        public int hashCode() {
            return bindAddress.hashCode();
        }
    }

    /** Client factory with timeouts and keepalive. */
    public static final class TimedClient implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            Socket s = new Socket();
            s.setKeepAlive(true);
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
            s.setSoTimeout(READ_TIMEOUT_MS);
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TimedClient;
        }

        @Override
        public int hashCode() {
            return Objects.hash(TimedClient.class.getName());
        }
    }
}
