package dev.workshop.gateway.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.gateway.SecretStoreException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secret store through libsecret's {@code secret-tool}, against a real GNOME Keyring in a session bus of the
 * test's own (unlocked, as a desktop login unlocks it). Where the machine has no keyring to start, that part is
 * skipped; what happens without a store is checked everywhere.
 */
class SecretToolTest {
    private static final AgentId ADA = new AgentId("agent-ada");

    @Test
    void keepsReadsReplacesAndForgetsAKeyInARealKeyring(@TempDir Path home) throws Exception {
        Assumptions.assumeTrue(onPath("dbus-run-session") && onPath("gnome-keyring-daemon") && onPath("secret-tool"),
                "no GNOME Keyring and secret-tool on this machine (apt-get install gnome-keyring libsecret-tools)");
        Set<Long> keyringsBefore = keyrings();
        // Its keyring file in a folder of the test's own, not in the user's home.
        ProcessBuilder start = new ProcessBuilder("dbus-run-session", "--", "sh", "-c",
                "eval $(printf test | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null);"
                        + " echo \"$DBUS_SESSION_BUS_ADDRESS\"; cat > /dev/null")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        start.environment().put("HOME", home.toString());
        start.environment().put("XDG_DATA_HOME", home.resolve("data").toString());
        start.environment().put("XDG_RUNTIME_DIR", home.toString());
        Process session = start.start();
        try {
            String bus = new BufferedReader(new InputStreamReader(session.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(bus).startsWith("unix:");
            SecretTool store = new SecretTool("secret-tool", Map.of("DBUS_SESSION_BUS_ADDRESS", bus));

            assertThat(store.key(ADA)).isEmpty();
            store.keep(ADA, "Ada", "sk-first");
            assertThat(store.key(ADA)).contains("sk-first");
            store.keep(ADA, "Ada", "sk-second \u00e9");
            assertThat(store.key(ADA)).as("replaced, not added beside").contains("sk-second \u00e9");
            assertThat(store.key(new AgentId("agent-bruno"))).as("one agent's key only").isEmpty();
            store.forget(ADA);
            assertThat(store.key(ADA)).isEmpty();
            store.forget(ADA);
        } finally {
            session.getOutputStream().close();
            // The bus, and the keyring daemon that went into the background: nothing of the test is left running.
            session.descendants().forEach(ProcessHandle::destroy);
            session.destroy();
            session.waitFor(10, TimeUnit.SECONDS);
            ProcessHandle.allProcesses().filter(process -> !keyringsBefore.contains(process.pid()))
                    .filter(SecretToolTest::isKeyring).forEach(ProcessHandle::destroy);
        }
    }

    private static Set<Long> keyrings() {
        return ProcessHandle.allProcesses().filter(SecretToolTest::isKeyring).map(ProcessHandle::pid)
                .collect(java.util.stream.Collectors.toSet());
    }

    private static boolean isKeyring(ProcessHandle process) {
        return process.info().command().map(command -> command.endsWith("gnome-keyring-daemon")).orElse(false);
    }

    @Test
    void withoutSecretToolItSaysWhatToInstallOrDoInstead() {
        SecretTool missing = new SecretTool("workshop-no-such-secret-tool", Map.of());
        assertThatThrownBy(() -> missing.key(ADA)).isInstanceOf(SecretStoreException.class)
                .hasMessage("No secret store can be reached: workshop-no-such-secret-tool (from the package"
                        + " libsecret-tools) is not installed. Install it, or name an environment variable instead.");
    }

    @Test
    void withoutASessionBusItSaysNoStoreRunsInOneSentence() {
        Assumptions.assumeTrue(onPath("secret-tool"), "no secret-tool on this machine");
        SecretTool nowhere = new SecretTool("secret-tool", Map.of("DBUS_SESSION_BUS_ADDRESS",
                "unix:path=/nonexistent/workshop-bus", "DISPLAY", ""));
        assertThatThrownBy(() -> nowhere.keep(ADA, "Ada", "sk-never-kept")).isInstanceOf(SecretStoreException.class)
                .hasMessage("Workshop could not keep the key: no secret store (GNOME Keyring, KWallet, KeePassXC) runs in"
                        + " this desktop session. Start one, or give the agent's key through an environment variable"
                        + " instead.")
                .hasMessageNotContaining("sk-never-kept");
    }

    /** A stand-in for secret-tool that fails as the real one does in a session without what it needs. */
    private static SecretTool failingWith(Path dir, String stderr) throws java.io.IOException {
        Path tool = dir.resolve("secret-tool");
        Files.writeString(tool, "#!/bin/sh\ncat > /dev/null\nprintf '%s\\n' '" + stderr.replace("'", "'\\''")
                + "' >&2\nexit 1\n");
        tool.toFile().setExecutable(true);
        return new SecretTool(tool.toString(), Map.of());
    }

    @Test
    void whatTheStoreSaysBecomesOneSentenceOfWhatToDoWithoutItsDBusWords(@TempDir Path dir) throws Exception {
        java.util.Map<String, String> cases = java.util.Map.of(
                "secret-tool: Failed to execute child process \u201cdbus-launch\u201d (No such file or directory)",
                "Workshop could not keep the key: no secret store (GNOME Keyring, KWallet, KeePassXC) runs in this"
                        + " desktop session. Start one, or give the agent's key through an environment variable"
                        + " instead.",
                "secret-tool: Object does not exist at path \u201c/org/freedesktop/secrets/collection/login\u201d",
                "Workshop could not keep the key: the desktop's secret store has no keyring to keep it in. Create"
                        + " one (Passwords and Keys, or your store's own app), or give the agent's key through an"
                        + " environment variable instead.",
                "secret-tool: Cannot create an item in a locked collection",
                "Workshop could not keep the key: the keyring is locked. Unlock it when it asks for its password and"
                        + " try again, or give the agent's key through an environment variable instead.",
                "secret-tool: Something unheard of.",
                "The desktop's secret store could not keep the key: Something unheard of.");
        for (java.util.Map.Entry<String, String> said : cases.entrySet()) {
            Path own = Files.createTempDirectory(dir, "tool");
            assertThatThrownBy(() -> failingWith(own, said.getKey()).keep(ADA, "Ada", "sk-never-kept"))
                    .isInstanceOf(SecretStoreException.class).hasMessage(said.getValue())
                    .hasMessageNotContaining("sk-never-kept");
        }
    }

    private static boolean onPath(String command) {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, command))) {
                return true;
            }
        }
        return false;
    }
}
