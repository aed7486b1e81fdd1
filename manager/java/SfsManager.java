import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * The SPECsfs2008-style entry point: {@code cd manager && java SfsManager -r sfs_rc [-s suffix] [-v 2]}.
 *
 * It lives in the unnamed package and depends on nothing, so that it runs from the installed
 * {@code manager/} folder with the JDK's default class path ("."). It loads {@code manager/lib/*.jar}
 * and hands the arguments to {@code sfs run}.
 */
public final class SfsManager {
    private SfsManager() {
    }

    public static void main(String[] args) throws Exception {
        String[] full = new String[args.length + 1];
        full[0] = "run";
        System.arraycopy(args, 0, full, 1, args.length);
        launch(full);
    }

    /** Loads the libraries beside this class and calls org.sfsbench.cli.Main with the given arguments. */
    static void launch(String[] args) throws Exception {
        File here = new File(SfsManager.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        File dir = here.isDirectory() ? here : here.getParentFile();
        File lib = new File(dir, "lib");
        File[] jars = lib.listFiles((d, n) -> n.endsWith(".jar"));
        if (jars == null || jars.length == 0) {
            System.err.println("sfsbench: no libraries in " + lib
                    + " -- run SfsManager from the manager/ folder of an installed tree (bin/sfs install DEST)");
            System.exit(2);
        }
        List<URL> urls = new ArrayList<>();
        for (File j : jars) {
            urls.add(j.toURI().toURL());
        }
        System.setProperty("sfs.home", dir.getParentFile().getAbsolutePath());
        URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), SfsManager.class.getClassLoader());
        Thread.currentThread().setContextClassLoader(loader);
        Method main = loader.loadClass("org.sfsbench.cli.Main").getMethod("main", String[].class);
        main.invoke(null, (Object) args);
    }
}
