/**
 * The guide's installer: {@code java SpecInstall "destination_directory"}, equivalent to
 * {@code bin/sfs install DEST}. Runs from an installed manager/ folder like {@link SfsManager}.
 */
public final class SpecInstall {
    private SpecInstall() {
    }

    public static void main(String[] args) throws Exception {
        String[] full = new String[args.length + 1];
        full[0] = "install";
        System.arraycopy(args, 0, full, 1, args.length);
        SfsManager.launch(full);
    }
}
