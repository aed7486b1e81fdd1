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
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * RMI socket factories. The server side binds one address (the JDK's default listens on all
 * interfaces), caps connections in total and per peer, and speaks mutual TLS when given a
 * context. The client side, shipped inside stubs, has connect and read timeouts and TCP
 * keepalive so a vanished host is noticed in seconds instead of ~15 minutes; its TLS variant
 * uses the context this process installed with {@link TlsClient#use}.
 */
public final class SocketFactories {
    /** Connect timeout of manager-to-agent calls. */
    public static final int CONNECT_TIMEOUT_MS = 5000;
    /** Longest single call (prepare waits for mounts; validation can take a while). */
    public static final int READ_TIMEOUT_MS = 120_000;
    /** TLS protocol of agent connections. */
    public static final String[] TLS_PROTOCOLS = {"TLSv1.3"};

    /**
     * Deserialisation allow-list (JEP 290) for everything crossing an agent connection, in both
     * directions: sfsbench's RMI records, java.lang/java.util basics, RMI's own types, primitive
     * arrays, with limits on depth, references, bytes and array length (checked before the
     * array is allocated).
     */
    public static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=20;maxrefs=100000;maxbytes=67108864;maxarray=1000000;"
                    + "org.sfsbench.rmi.*;org.sfsbench.loadfile.LoadfileCopy;org.sfsbench.engine.Phase;"
                    + "org.sfsbench.link.SparseWords;"
                    + "org.sfsbench.link.WorkerState;java.lang.*;java.util.*;"
                    + "java.rmi.*;java.rmi.server.*;java.rmi.dgc.*;java.lang.reflect.Proxy;jdk.proxy*;"
                    + "java.net.ConnectException;java.net.SocketException;java.net.SocketTimeoutException;"
                    + "java.net.UnknownHostException;java.io.IOException;java.io.EOFException;!*");

    private SocketFactories() {
    }

    /**
     * Applies {@link #FILTER} to every stream this process deserialises that has no filter of its
     * own: on the manager, that is every agent reply (RMI return values and exceptions).
     */
    public static void filterReplies() {
        if (ObjectInputFilter.Config.getSerialFilter() == null) {
            ObjectInputFilter.Config.setSerialFilter(FILTER);
        }
    }

    /** Connection caps of an agent's port: total, per peer address. */
    public record ConnectionLimits(int total, int perPeer) {
        public static final ConnectionLimits AGENT = new ConnectionLimits(128, 64);
    }

    /** Server factory bound to one address, capped, plain or mutual TLS. */
    public static final class AgentServer implements RMIServerSocketFactory {
        private final String bindAddress;
        private final SSLContext tls;
        private final ConnectionLimits limits;
        private final AtomicInteger total = new AtomicInteger();
        private final Map<InetAddress, AtomicInteger> perPeer = new ConcurrentHashMap<>();
        private volatile int boundPort;

        public AgentServer(String bindAddress, SSLContext tls, ConnectionLimits limits) {
            this.bindAddress = bindAddress;
            this.tls = tls;
            this.limits = limits;
        }

        /** The port the listening socket got (when 0 was asked for). */
        public int boundPort() {
            return boundPort;
        }

        public boolean tls() {
            return tls != null;
        }

        /** Connections open now (tests and the agent's log). */
        public int openConnections() {
            return total.get();
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ServerSocket s = new CappedServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port), 50);
            boundPort = s.getLocalPort();
            return s;
        }

        /** Accepts, refusing connections over the caps at once, and wraps the rest in TLS. */
        private final class CappedServerSocket extends ServerSocket {
            CappedServerSocket() throws IOException {
                super();
            }

            @Override
            public Socket accept() throws IOException {
                while (true) {
                    CountedSocket s = new CountedSocket();
                    implAccept(s);
                    InetAddress peer = s.getInetAddress();
                    AtomicInteger mine = perPeer.computeIfAbsent(peer, k -> new AtomicInteger());
                    s.counted(mine);
                    if (total.get() > limits.total() || mine.get() > limits.perPeer()) {
                        s.close();
                        continue;
                    }
                    if (tls == null) {
                        return s;
                    }
                    SSLSocket t = (SSLSocket) tls.getSocketFactory().createSocket(s, null, s.getPort(), true);
                    t.setUseClientMode(false);
                    t.setNeedClientAuth(true);
                    t.setEnabledProtocols(TLS_PROTOCOLS);
                    return t;
                }
            }
        }

        /** A socket that counts itself while open. */
        private final class CountedSocket extends Socket {
            private AtomicInteger mine;
            private boolean closed;

            void counted(AtomicInteger peerCount) {
                mine = peerCount;
                total.incrementAndGet();
                peerCount.incrementAndGet();
            }

            @Override
            public synchronized void close() throws IOException {
                if (!closed && mine != null) {
                    closed = true;
                    total.decrementAndGet();
                    if (mine.decrementAndGet() == 0) {
                        perPeer.remove(getInetAddress(), mine);
                    }
                }
                super.close();
            }
        }
    }

    /** Client factory with timeouts and keepalive. */
    public static final class TimedClient implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return connect(host, port);
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

    /** Mutual-TLS client factory; the key and trusted CAs are this process's ({@link #use}). */
    public static final class TlsClient implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        private static volatile SSLContext context;

        /** Sets the TLS context of this process's agent connections (the manager's key and trusted CAs). */
        public static void use(SSLContext c) {
            context = c;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            SSLContext c = context;
            if (c == null) {
                throw new IOException("no TLS key for agent connections in this process");
            }
            Socket plain = connect(host, port);
            SSLSocket s = (SSLSocket) c.getSocketFactory().createSocket(plain, host, port, true);
            s.setUseClientMode(true);
            s.setEnabledProtocols(TLS_PROTOCOLS);
            s.setSoTimeout(CONNECT_TIMEOUT_MS);
            s.startHandshake();
            s.setSoTimeout(READ_TIMEOUT_MS);
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TlsClient;
        }

        @Override
        public int hashCode() {
            return Objects.hash(TlsClient.class.getName());
        }
    }

    private static Socket connect(String host, int port) throws IOException {
        Socket s = new Socket();
        s.setKeepAlive(true);
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
        s.setSoTimeout(READ_TIMEOUT_MS);
        return s;
    }

    /** The client factory matching a server's TLS setting. */
    public static RMIClientSocketFactory client(boolean tls) {
        return tls ? new TlsClient() : new TimedClient();
    }
}
