package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar's entry point, which runs on any Java and finds a Java 21 or newer when the one it got is older. */
@dev.workshop.testing.Slow
class LauncherTest {
    @TempDir
    Path dir;

    @Test
    void readsTheFeatureVersionOfOldAndNewVersionStrings() {
        assertThat(Launcher.feature("1.8")).isEqualTo(8);
        assertThat(Launcher.feature("1.8.0_412")).isEqualTo(8);
        assertThat(Launcher.feature("17")).isEqualTo(17);
        assertThat(Launcher.feature("21.0.2")).isEqualTo(21);
        assertThat(Launcher.feature("25-ea")).isEqualTo(25);
        assertThat(Launcher.feature("")).isZero();
        assertThat(Launcher.feature(null)).isZero();
    }

    @Test
    void picksTheNewestJavaThatIsRecentEnough() throws IOException {
        Path old = jdk("jdk-17", "17.0.15", true);
        Path recent = jdk("jdk-21", "21.0.2", true);
        Path newest = jdk("jdk-23", "23", true);
        Path broken = jdk("jdk-25", "25.0.1", false);

        File chosen = Launcher.chooseJava(null, List.of(old.toFile(), newest.toFile(), broken.toFile(), recent.toFile()));

        assertThat(chosen).as("25 has no java to run").isEqualTo(newest.resolve("bin/java").toFile());
        assertThat(Launcher.chooseJava(null, List.of(old.toFile()))).as("nothing recent enough").isNull();
    }

    @Test
    void javaHomeWinsWhenItIsRecentEnough() throws IOException {
        Path old = jdk("jdk-17", "1.8.0_412", true);
        Path recent = jdk("jdk-21", "21.0.2", true);
        Path newest = jdk("jdk-23", "23", true);
        List<File> installed = List.of(old.toFile(), recent.toFile(), newest.toFile());

        assertThat(Launcher.chooseJava(recent.toFile(), installed)).isEqualTo(recent.resolve("bin/java").toFile());
        assertThat(Launcher.chooseJava(old.toFile(), installed)).as("an old JAVA_HOME is passed over")
                .isEqualTo(newest.resolve("bin/java").toFile());
    }

    @Test
    void looksInTheFoldersThatHoldJavaInstallations() throws IOException {
        Path home = dir.resolve("home");
        Path sdkman = Files.createDirectories(home.resolve(".sdkman/candidates/java/21.0.2-tem"));
        Path ide = Files.createDirectories(home.resolve(".jdks/corretto-21"));
        Path bundle = Files.createDirectories(home.resolve(".jdks/zulu-21.jdk/Contents/Home"));

        List<File> homes = Launcher.homesToSearch(Map.of(), home.toString(), "Linux");

        assertThat(homes).contains(sdkman.toFile(), ide.toFile(), bundle.toFile());
    }

    @Test
    void runsTheJarItCameFromOrElseTheSameClassPath() throws IOException {
        File java = new File("/opt/jdk-25/bin/java");
        Path jar = Files.createFile(dir.resolve("workshop.jar"));
        String[] args = {"--data-dir", "d", "list"};

        assertThat(Launcher.command(java, List.of("-Xmx1g"), jar.toString(), jar.toFile(), args))
                .containsExactly(java.getPath(), "-Xmx1g", "-jar", jar.toString(), "--data-dir", "d", "list");
        assertThat(Launcher.command(java, List.of(), "classes:lib.jar", dir.toFile(), args))
                .containsExactly(java.getPath(), "-cp", "classes:lib.jar", "dev.workshop.Launcher", "--data-dir", "d", "list");
    }

    @Test
    void aJavaThatWarnsAboutUnsafeIsToldJavaFxMayUseIt() {
        assertThat(Launcher.optionsFor(21, List.of("-Xmx1g"))).containsExactly("-Xmx1g");
        assertThat(Launcher.optionsFor(25, List.of("-Xmx1g")))
                .containsExactly("-Xmx1g", "--sun-misc-unsafe-memory-access=allow");
    }

    @Test
    void passesOnOnlyTheOptionsEveryJavaUnderstands() {
        assertThat(Launcher.passedOn(List.of("-Dfile.encoding=UTF-8", "-Xmx2g", "-Xss1m", "-XX:MaxPermSize=256m",
                "-javaagent:agent.jar", "-Xms64m"))).containsExactly("-Dfile.encoding=UTF-8", "-Xmx2g", "-Xss1m", "-Xms64m");
    }

    @Test
    void anOlderJavaRunsWorkshopWithTheJavaHomeItIsGiven() throws Exception {
        Path oldJava = olderJava().orElse(null);
        assumeTrue(oldJava != null, "no Java older than 21 on this machine");

        Run run = launch(oldJava, Map.of("JAVA_HOME", System.getProperty("java.home")), "--version");

        assertThat(run.exit()).isZero();
        assertThat(run.out()).startsWith("workshop ").contains("(Java " + Runtime.version());
        assertThat(run.err()).isEmpty();
    }

    @Test
    void theJavaALauncherStartedEndsWhenTheLauncherIsKilled() throws Exception {
        Path oldJava = olderJava().orElse(null);
        assumeTrue(oldJava != null, "no Java older than 21 on this machine");
        List<String> command = new ArrayList<>(List.of(oldJava.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.workshop.Launcher", "--data-dir", dir.resolve("data").toString(), "run", "--agents", "Ada,Bruno",
                "--max-turns", "100", "--offline-delay-ms", "1000", "--prompt", "Talk for a long while"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile());
        builder.environment().remove(Launcher.RELAUNCHED);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process launcher = builder.start();
        try {
            // The conversation has begun: the Java the launcher started is running Workshop.
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1))
                    .until(() -> Files.exists(dir.resolve("out")) && !Files.readString(dir.resolve("out")).isBlank());
            ProcessHandle workshop = launcher.toHandle().children().findFirst().orElseThrow();

            launcher.destroyForcibly(); // SIGKILL: the launcher can pass nothing on

            assertThat(workshop.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("Workshop ended with its launcher")
                    .isFalse();
        } finally {
            launcher.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    @Test
    void anOlderJavaWithNoNewerOneSaysWhatToInstall() throws Exception {
        Path oldJava = olderJava().orElse(null);
        assumeTrue(oldJava != null, "no Java older than 21 on this machine");

        // As the Java a launcher started: it must not look for another one.
        Run run = launch(oldJava, Map.of(Launcher.RELAUNCHED, "1"), "--version");

        assertThat(run.exit()).isEqualTo(Launcher.NO_SUITABLE_JAVA);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip()).startsWith("Workshop needs Java 21 or newer; this is Java ")
                .contains("Install one").doesNotContain("Exception").hasLineCount(1);
    }

    @Test
    void underACLocaleAPromptAndATitleKeepEveryLetter() throws Exception {
        assumeTrue(LocaleRelaunch.decodesNamesAsBytes(System.getProperty("os.name")), "names files in the locale's charset");
        Path data = dir.resolve("data");
        // The shell puts the prompt's UTF-8 bytes on the command line, as a terminal would: this JVM, itself
        // perhaps in the C locale, could not pass them through ProcessBuilder unmangled.
        Run ran = inCLocale("--data-dir \"$2\" run --agents Ada,Bruno --max-turns 1 --offline-delay-ms 0 "
                + "--prompt \"$(printf 'Caf\\303\\251 \\342\\230\\225')\"", data.toString());
        assertThat(ran.exit()).as(ran.err()).isZero();
        String id = new com.fasterxml.jackson.databind.ObjectMapper().readTree(ran.out().lines().findFirst().orElseThrow())
                .path("conversation_id").asText();

        Run shown = inCLocale("--data-dir \"$2\" show " + id + " --json", data.toString());
        Run exported = inCLocale("--data-dir \"$2\" export --all --to \"$2/out\"", data.toString());

        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(shown.out()).path("task_prompt").asText())
                .isEqualTo("Caf\u00e9 \u2615");
        assertThat(exported.exit()).as(exported.err()).isZero();
        try (var files = Files.list(data.resolve("out"))) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING).startsWith("caf\u00e9-");
        }
    }

    @Test
    void argumentsPassedOnAreTakenOnlyWhenTheyAreWhatThisLauncherWasGiven() {
        String[] typed = {"run", "--prompt", "Caf\u00e9 \u2615", ""};
        String passed = LocaleRelaunch.encode(typed);
        String[] mangled = {"run", "--prompt", "Caf\ufffd\ufffd \ufffd\ufffd\ufffd", ""};

        assertThat(LocaleRelaunch.argumentsPassedOn(Map.of(Launcher.RELAUNCHED, "1", LocaleRelaunch.ARGUMENTS, passed),
                mangled)).containsExactly(typed);
        assertThat(LocaleRelaunch.argumentsPassedOn(Map.of(LocaleRelaunch.ARGUMENTS, passed), mangled))
                .as("not started by a launcher").containsExactly(mangled);
        assertThat(LocaleRelaunch.argumentsPassedOn(Map.of(Launcher.RELAUNCHED, "1", LocaleRelaunch.ARGUMENTS, passed),
                new String[] {"--version"})).as("inherited by another command").containsExactly("--version");
        assertThat(LocaleRelaunch.decode("3,YQ==")).as("malformed").isNull();
    }

    @Test
    void eachArgumentIsReadAsUtf8FromTheCommandLineOnlyWhereItIsUtf8() {
        byte[] latin1 = {'C', 'a', 'f', (byte) 0xe9};
        List<byte[]> commandLine = LocaleRelaunch.split(("java\0-jar\0w.jar\0show\0Caf\u00e9\0")
                .getBytes(StandardCharsets.UTF_8));
        commandLine.add(latin1);

        String[] typed = LocaleRelaunch.asTyped(new String[] {"show", "Caf??", "Caf\u00e9"}, commandLine);

        assertThat(typed).containsExactly("show", "Caf\u00e9", "Caf\u00e9");
    }

    /** The launcher, on this Java, in the C locale, with the arguments a shell makes of {@code shellArgs}. */
    private Run inCLocale(String shellArgs, String data) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c",
                "exec \"$0\" -cp \"$1\" dev.workshop.Launcher " + shellArgs, java,
                System.getProperty("java.class.path"), data)
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
        builder.environment().remove(Launcher.RELAUNCHED);
        builder.environment().remove(LocaleRelaunch.ARGUMENTS);
        builder.environment().put("LC_ALL", "C");
        builder.environment().put("LANG", "C");
        Process process = builder.start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Run(process.exitValue(), Files.readString(dir.resolve("out")), Files.readString(dir.resolve("err")));
    }

    private record Run(int exit, String out, String err) {
    }

    private Run launch(Path java, Map<String, String> environment, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.workshop.Launcher"));
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile());
        builder.environment().remove(Launcher.RELAUNCHED);
        builder.environment().putAll(environment);
        Process process = builder.start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Run(process.exitValue(), Files.readString(dir.resolve("out")), Files.readString(dir.resolve("err")));
    }

    /** A Java older than 21 installed beside this one, as this project's machines have (their default is 17). */
    private static Optional<Path> olderJava() {
        File[] installed = new File("/usr/lib/jvm").listFiles();
        if (installed == null) {
            return Optional.empty();
        }
        return Arrays.stream(installed)
                .filter(home -> Launcher.releaseFeature(home) >= 8 && Launcher.releaseFeature(home) < Launcher.REQUIRED)
                .map(home -> home.toPath().resolve("bin/java"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    private Path jdk(String name, String version, boolean withJava) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n",
                StandardCharsets.UTF_8);
        if (withJava) {
            Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
            Files.writeString(java, "#!/bin/sh\n");
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return home;
    }
}
