package org.sfsbench.testsupport;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Takes the {@link Exclusive} resources of a test class before its first test and releases them
 * after its last: one file lock each, in target/test-locks, which the other failsafe fork's JVM
 * waits for. Locks are taken in name order, so two classes never wait for each other.
 */
public final class ExclusiveLock implements BeforeAllCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ExclusiveLock.class);

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        Exclusive exclusive = AnnotationSupport.findAnnotation(context.getRequiredTestClass(), Exclusive.class)
                .orElseThrow();
        Path folder = Files.createDirectories(Sfs.buildDir().resolve("test-locks"));
        String[] names = exclusive.value().clone();
        Arrays.sort(names);
        for (String name : names) {
            context.getStore(NAMESPACE).put(name, new Held(folder.resolve(name + ".lock")));
        }
    }

    /** One lock, released when JUnit closes the class's store (after its last test). */
    private static final class Held implements ExtensionContext.Store.CloseableResource {
        private final FileChannel channel;
        private final FileLock lock;

        Held(Path file) throws IOException {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                lock = channel.lock();
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            try {
                lock.release();
            } finally {
                channel.close();
            }
        }
    }
}
