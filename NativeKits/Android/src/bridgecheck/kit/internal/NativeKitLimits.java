package bridgecheck.kit.internal;

/**
 * How long the bridge may wait, or compute, within one command (see {@link Watchdog}): 4 seconds (bridgecheck
 * waits 5 for an answer), 12 for {@code hello}, which starts the JVM's work and runs the factory once;
 * {@code -Dbridgecheck.commandLimit=SECONDS} changes the first (set it below {@code bridgecheck run
 * --adapter-timeout}).
 */
final class NativeKitLimits {
    private NativeKitLimits() {
    }

    static long commandMillis() {
        String text = System.getProperty("bridgecheck.commandLimit");
        if (text != null) {
            try {
                return Math.max(100, (long) (Double.parseDouble(text) * 1000));
            } catch (NumberFormatException ignored) {
                System.err.println("bridgecheck android kit: -Dbridgecheck.commandLimit=" + text + " is not a number of "
                    + "seconds; 4 is used");
            }
        }
        return 4000;
    }

    static long helloMillis() {
        return Math.max(12_000, commandMillis());
    }

    static String describe() {
        return String.format(java.util.Locale.ROOT, "%.1f s; -Dbridgecheck.commandLimit=SECONDS changes it",
            commandMillis() / 1000.0);
    }
}
