import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.spi.ToolProvider;

/**
 * Makes Workshop's installers from the runnable jar, with the JDK that runs this file (the build's toolchain):
 * the modules the jar needs (jdeps), a runtime of only those (jlink), an app-image with its own launcher
 * (jpackage), and a .deb ({@link DebianPackage}) that is then installed and removed in a scratch root
 * ({@link DebianPackageCheck}). Run by Maven in the package phase ({@code pom.xml}); on its own (JDK 22 or newer,
 * which runs the files beside it too): {@code java src/packaging/Package.java JAR VERSION ASSETS OUT [deb]}.
 */
public final class Package {
    /** Modules the jar needs that jdeps cannot see: TLS to hosted models (the EC ciphers) and every charset. */
    private static final List<String> ALSO_NEEDED = List.of("jdk.crypto.ec", "jdk.charsets", "jdk.localedata");
    /**
     * What JavaFX needs on the machine at run time. jpackage cannot see it: JavaFX's native libraries sit inside
     * the jar, not in the runtime it inspects.
     */
    static final String DEPENDS = "libgtk-3-0, libgl1, libx11-6, libxtst6, libxxf86vm1, fontconfig, fonts-dejavu-core";
    /** Where the project lives, as the .deb's Homepage names it. */
    static final String HOMEPAGE = "https://github.com/workshop-desktop/workshop";

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: java Package.java JAR VERSION ASSETS OUT [deb]");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        String version = args[1].replaceAll("[^0-9.].*$", "");
        Path assets = Path.of(args[2]);
        Path out = Path.of(args[3]);
        boolean deb = args.length > 4 && args[4].equals("deb");
        Path work = out.resolveSibling("packaging");
        deleteTree(work);
        deleteTree(out.resolve("Workshop"));
        Files.createDirectories(work);
        Files.createDirectories(out);

        Path input = Files.createDirectories(work.resolve("input"));
        Files.copy(jar, input.resolve("workshop.jar"));
        Set<String> modules = new LinkedHashSet<>(Arrays.asList(run("jdeps", "--ignore-missing-deps",
                "--print-module-deps", "--multi-release", "21", "-q", jar.toString()).strip().split(",")));
        modules.addAll(ALSO_NEEDED);
        System.out.println("Java: " + System.getProperty("java.home") + "; modules: " + String.join(",", modules));
        Path runtime = work.resolve("runtime");
        run("jlink", "--add-modules", String.join(",", modules), "--strip-debug", "--no-header-files",
                "--no-man-pages", "--compress", "zip-6", "--output", runtime.toString());

        List<String> image = new ArrayList<>(List.of("--type", "app-image", "--name", "Workshop",
                "--app-version", version, "--vendor", "Workshop", "--description",
                "Agents that talk, conversations that are never lost",
                "--input", input.toString(), "--main-jar", "workshop.jar", "--main-class", "dev.workshop.Main",
                "--runtime-image", runtime.toString(), "--icon", assets.resolve("icons/workshop-256.png").toString(),
                "--dest", out.toString()));
        // The options javafx:run gives the app; the runtime is ours, so no launcher looks for a Java.
        for (String option : List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")) {
            image.add("--java-options");
            image.add(option);
        }
        run("jpackage", image.toArray(String[]::new));
        System.out.println("App-image: " + out.resolve("Workshop"));
        // Only for installers: the training run opens the app's window, which a developer's verify should not.
        if (deb && System.getenv("DISPLAY") != null && !System.getenv("DISPLAY").isBlank()) {
            aheadOfTime(out.resolve("Workshop"), work);
        } else {
            System.out.println("No AOT cache in this app-image (made by -Ppackage with a display: xvfb-run -a)");
        }
        // The .deb whenever this machine can make one (Debian's dpkg-deb), so that every build installs and removes
        // it in a scratch root; -Ppackage insists on it.
        if (deb || onPath("dpkg-deb")) {
            Path templates = assets.resolveSibling("src/packaging/debian");
            Path debFile = new DebianPackage(out.resolve("Workshop"), assets, templates, Map.of("VERSION", version,
                    "HOMEPAGE", HOMEPAGE, "DEPENDS", DEPENDS)).build(work.resolve("deb-root"), out);
            new DebianPackageCheck(debFile, work.resolve("install-root")).check();
            // The laid-out tree is a second copy of the app-image (100 MB): the .deb holds it now.
            deleteTree(work.resolve("deb-root"));
            System.out.println("Package: " + debFile);
        } else {
            System.out.println("No .deb: this machine has no dpkg-deb (Debian's dpkg)");
        }
    }

    /**
     * JDK 25's AOT cache (ADR 0020): one training run of the packaged app on a data directory of 100 agents and 20
     * interrupted conversations, to its first frame, records the classes it loads and links; the launcher then maps
     * them in at every start. Written inside the image, where an install under a read-only /opt can still read it.
     */
    private static void aheadOfTime(Path image, Path work) throws Exception {
        Path java = image.resolve("lib/runtime/bin/java");
        Path jar = image.resolve("lib/app/workshop.jar");
        Path data = work.resolve("training-data");
        command(java.toString(), "-Dprism.order=sw", "-cp", jar.toString(), "dev.workshop.CanvasBenchmark",
                "--prepare", data.toString());
        Path cache = image.resolve("lib/app/workshop.aot");
        ProcessBuilder training = new ProcessBuilder(java.toString(), "-XX:AOTCacheOutput=" + cache,
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-cp", jar.toString(),
                "dev.workshop.Main", "--data-dir", data.toString()).redirectErrorStream(true);
        training.environment().put("WORKSHOP_COLD_START_PROBE", "1");
        Process run = training.start();
        String said = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (run.waitFor() != 0 || !Files.isRegularFile(cache)) {
            System.out.println("The AOT training run failed; the app-image starts without a cache:\n" + said);
            return;
        }
        Path config = image.resolve("lib/app/Workshop.cfg");
        Files.writeString(config, Files.readString(config).stripTrailing()
                + "\njava-options=-XX:AOTCache=$APPDIR/workshop.aot\n");
        deleteTree(data);
        System.out.println("AOT cache: " + cache + " (" + Files.size(cache) / (1024 * 1024) + " MB)");
    }

    private static String run(String tool, String... args) {
        ToolProvider provider = ToolProvider.findFirst(tool)
                .orElseThrow(() -> new IllegalStateException("This JDK has no " + tool));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = provider.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        if (code != 0) {
            throw new IllegalStateException(tool + " failed (" + code + "): " + err + out);
        }
        return out.toString();
    }

    static String command(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0 && !command[0].equals("desktop-file-validate")) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + said);
        }
        return said;
    }

    static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Arrays.stream(path.split(":")).anyMatch(folder -> Files.isExecutable(Path.of(folder, program)));
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var files = Files.walk(root)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
