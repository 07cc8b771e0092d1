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
                .containsExactly(java.getPath(), "-cp", "classes:lib.jar", "dev.workshop.Main", "--data-dir", "d", "list");
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
