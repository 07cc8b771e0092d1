package dev.workshop;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Entry point of {@code java -jar workshop.jar}. Workshop needs Java 21, yet many machines answer {@code java}
 * with an older one (this project's own machines have 17): instead of the JVM's "UnsupportedClassVersionError",
 * this class, compiled for Java 8 so that any Java can load it, looks for a Java 21 or newer on the machine and
 * runs Workshop with it, or says in one line what to install. On a Java 21 or newer it hands over at once.
 * Nothing here may use an API newer than Java 8.
 */
public final class Launcher {
    static final int REQUIRED = 21;
    /** Exit code when no Java fit to run Workshop was found (the command line's code for bad usage). */
    static final int NO_SUITABLE_JAVA = 2;
    /** Set for the Java that this class starts, so that a misjudged Java can never start another one. */
    static final String RELAUNCHED = "WORKSHOP_RELAUNCHED";
    /** The first Java that warns when {@code sun.misc.Unsafe}'s memory methods are used (JEP 471). */
    static final int UNSAFE_WARNED_FROM = 23;

    private Launcher() {
    }

    public static void main(String[] given) throws Throwable {
        Map<String, String> environment = System.getenv();
        String[] args = LocaleRelaunch.argumentsPassedOn(environment, given);
        boolean recentEnough = feature(System.getProperty("java.specification.version")) >= REQUIRED;
        if (recentEnough && !LocaleRelaunch.needed(environment)) {
            start(args);
            return;
        }
        if (recentEnough) {
            // The same Java again, in a UTF-8 locale (LocaleRelaunch says why); if it cannot start, this one goes on.
            try {
                System.exit(runWith(new File(System.getProperty("java.home"), "bin" + File.separator + "java"), args));
            } catch (IOException e) {
                start(args);
                return;
            }
        }
        File java = environment.containsKey(RELAUNCHED) ? null
                : chooseJava(javaHome(environment), homesToSearch(environment, System.getProperty("user.home"),
                        System.getProperty("os.name")));
        if (java == null) {
            System.err.println(tooOld(System.getProperty("java.version"), System.getProperty("java.home")));
            System.exit(NO_SUITABLE_JAVA);
        }
        try {
            System.exit(runWith(java, args));
        } catch (IOException e) {
            System.err.println("Workshop needs Java " + REQUIRED + " or newer, and could not be started with " + java
                    + ": " + e.getMessage());
            System.exit(NO_SUITABLE_JAVA);
        }
    }

    /** Workshop's own entry point, by name: this class is compiled for Java 8 and cannot link to it. */
    private static void start(String[] args) throws Throwable {
        try {
            Class.forName("dev.workshop.Main").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Runs Workshop with {@code java}, in this terminal, and returns its exit code. */
    private static int runWith(File java, String[] args) throws IOException, InterruptedException {
        File home = java.getAbsoluteFile().getParentFile().getParentFile();
        List<String> options = optionsFor(releaseFeature(home),
                passedOn(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        ProcessBuilder builder = new ProcessBuilder(command(java, options, System.getProperty("java.class.path"),
                ownJar(), args)).inheritIO();
        builder.environment().put(RELAUNCHED, "1");
        LocaleRelaunch.prepare(builder.environment(), args);
        final Process workshop = builder.start();
        // Asked to stop (kill, Ctrl+C), this process asks Workshop to stop too, rather than leave it running alone.
        Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
            @Override
            public void run() {
                workshop.destroy();
            }
        }));
        return workshop.waitFor();
    }

    /**
     * The command that runs Workshop on {@code java}: through the jar when this class came from the one jar on
     * the class path ({@code java -jar}, so that its manifest applies), else this class on the same class path (which
     * takes the arguments passed on to it, LocaleRelaunch).
     */
    static List<String> command(File java, List<String> jvmOptions, String classPath, File ownJar, String[] args) {
        List<String> command = new ArrayList<String>();
        command.add(java.getPath());
        command.addAll(jvmOptions);
        if (ownJar != null && ownJar.isFile() && samePath(new File(classPath), ownJar)) {
            command.add("-jar");
            command.add(ownJar.getPath());
        } else {
            command.add("-cp");
            command.add(classPath);
            command.add("dev.workshop.Launcher");
        }
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * The options for a Java of version {@code feature}: those passed on, and from Java 23 leave for JavaFX 21's
     * renderer to use {@code sun.misc.Unsafe}, which that Java otherwise warns about in four lines at every start.
     */
    static List<String> optionsFor(int feature, List<String> passedOn) {
        List<String> options = new ArrayList<String>(passedOn);
        if (feature >= UNSAFE_WARNED_FROM) {
            options.add("--sun-misc-unsafe-memory-access=allow");
        }
        return options;
    }

    /**
     * The options given to this JVM that mean the same to every Java: system properties and memory sizes.
     * Others ({@code -XX:} flags, agents) may not exist on the newer Java, which would then refuse to start.
     */
    static List<String> passedOn(List<String> jvmOptions) {
        List<String> kept = new ArrayList<String>();
        for (String option : jvmOptions) {
            if (option.startsWith("-D") || option.startsWith("-Xmx") || option.startsWith("-Xms")
                    || option.startsWith("-Xss")) {
                kept.add(option);
            }
        }
        return kept;
    }

    private static boolean samePath(File one, File other) {
        return one.toPath().toAbsolutePath().normalize().equals(other.toPath().toAbsolutePath().normalize());
    }

    private static File ownJar() {
        try {
            return new File(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static File javaHome(Map<String, String> environment) {
        String javaHome = environment.get("JAVA_HOME");
        return javaHome == null || javaHome.isEmpty() ? null : new File(javaHome);
    }

    /** The installations in the folders where Java usually is, each of which may hold several. */
    static List<File> homesToSearch(Map<String, String> environment, String userHome, String osName) {
        List<File> homes = new ArrayList<File>();
        List<File> parents = new ArrayList<File>();
        String os = osName == null ? "" : osName.toLowerCase(java.util.Locale.ROOT);
        if (os.contains("win")) {
            for (String programs : new String[] {environment.get("ProgramFiles"), environment.get("ProgramW6432")}) {
                if (programs != null) {
                    for (String vendor : new String[] {"Java", "Eclipse Adoptium", "Microsoft", "Zulu", "Amazon Corretto"}) {
                        parents.add(new File(programs, vendor));
                    }
                }
            }
        } else {
            parents.addAll(Arrays.asList(new File("/usr/lib/jvm"), new File("/usr/java"), new File("/opt/java"),
                    new File("/Library/Java/JavaVirtualMachines")));
        }
        if (userHome != null) {
            parents.add(new File(userHome, ".sdkman/candidates/java"));
            parents.add(new File(userHome, ".jdks"));
        }
        for (File parent : parents) {
            File[] children = parent.listFiles();
            if (children == null) {
                continue;
            }
            Arrays.sort(children);
            for (File child : children) {
                // macOS keeps the home inside the bundle.
                File bundled = new File(child, "Contents/Home");
                homes.add(bundled.isDirectory() ? bundled : child);
            }
        }
        return homes;
    }

    /**
     * The {@code java} to run Workshop with: JAVA_HOME's when it is recent enough (the user chose it), else that of
     * the newest installation among {@code homes} that is at least {@link #REQUIRED}; null if there is none.
     */
    static File chooseJava(File javaHome, List<File> homes) {
        if (javaHome != null && releaseFeature(javaHome) >= REQUIRED) {
            File java = javaIn(javaHome);
            if (java != null) {
                return java;
            }
        }
        File best = null;
        int bestFeature = REQUIRED - 1;
        for (File home : homes) {
            int feature = releaseFeature(home);
            // Only a newer version than the best so far is worth looking for its java.
            File java = feature > bestFeature ? javaIn(home) : null;
            if (java != null) {
                best = java;
                bestFeature = feature;
            }
        }
        return best;
    }

    private static File javaIn(File home) {
        for (String name : new String[] {"java", "java.exe"}) {
            File java = new File(home, "bin" + File.separator + name);
            if (java.isFile() && java.canExecute()) {
                return java;
            }
        }
        return null;
    }

    /** The feature version named in an installation's {@code release} file, or 0 if it has none. */
    static int releaseFeature(File home) {
        File release = new File(home, "release");
        if (!release.isFile()) {
            return 0;
        }
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(Files.newInputStream(release.toPath()),
                StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return feature(line.substring("JAVA_VERSION=".length()).replace("\"", "").trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    /** 8 for "1.8" or "1.8.0_412", 17 for "17" or "17.0.15", 0 for what is not a version. */
    static int feature(String version) {
        if (version == null) {
            return 0;
        }
        String rest = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < rest.length() && Character.isDigit(rest.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(rest.substring(0, end));
    }

    static String tooOld(String version, String home) {
        return "Workshop needs Java " + REQUIRED + " or newer; this is Java " + version + " (" + home + "), and no Java "
                + REQUIRED + " or newer was found in JAVA_HOME or the usual folders. Install one (for example Eclipse "
                + "Temurin " + REQUIRED + ") and start Workshop with its java, or set JAVA_HOME to it.";
    }
}
