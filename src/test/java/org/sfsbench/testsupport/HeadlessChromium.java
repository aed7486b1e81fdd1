package org.sfsbench.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;


/** Renders a local HTML file with Debian's headless Chromium: a screenshot and the DOM after layout. */
public final class HeadlessChromium {
    private static final String BINARY = "/usr/bin/chromium";

    private HeadlessChromium() {
    }

    public static void assumeInstalled() {
        Require.that(new File(BINARY).canExecute(), "chromium is not installed at " + BINARY);
    }

    /** Writes a 1200x2000 screenshot of {@code page} to {@code png}. */
    public static void screenshot(Path page, Path png, Path profile) throws IOException, InterruptedException {
        screenshot(page, png, profile, 1200);
    }

    /** A screenshot {@code width} pixels wide (2000 high). */
    public static void screenshot(Path page, Path png, Path profile, int width) throws IOException, InterruptedException {
        run(page, profile, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + ",2000");
    }

    /** A screenshot of a page served over HTTP, {@code width} x {@code height} pixels. */
    public static void screenshot(String url, Path png, Path profile, int width, int height)
            throws IOException, InterruptedException {
        run(url, profile, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height);
    }

    /** The serialised DOM of a page served over HTTP after its scripts ran. */
    public static String dumpDom(String url, Path profile) throws IOException, InterruptedException {
        return run(url, profile, "--dump-dom");
    }

    /** The serialised DOM of {@code page} after Chromium parsed it. */
    public static String dumpDom(Path page, Path profile) throws IOException, InterruptedException {
        return run(page, profile, "--dump-dom");
    }

    private static String run(Path page, Path profile, String... extra) throws IOException, InterruptedException {
        return run(page.toAbsolutePath().toUri().toString(), profile, extra);
    }

    private static String run(String page, Path profile, String... extra) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(BINARY, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile.toAbsolutePath()));
        cmd.addAll(List.of(extra));
        cmd.add(page);
        Path err = Files.createTempFile(profile, "chromium", ".err");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        assertTrue(done && p.exitValue() == 0, "chromium failed (" + String.join(" ", cmd) + "):\n"
                + Files.readString(err, StandardCharsets.UTF_8));
        return new String(out, StandardCharsets.UTF_8);
    }
}
