package dev.workshop.gateway.secrets;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.gateway.SecretStore;
import dev.workshop.gateway.SecretStoreException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Secret Service (GNOME Keyring, KWallet, KeePassXC) through libsecret's own {@code secret-tool}: the one
 * client every desktop that has a store ships, so Workshop needs no D-Bus code of its own (ADR 0019). The key goes
 * to the tool on its standard input and comes back on its output: never on a command line another process could
 * read, never in a file. Items are found by two attributes: {@code application=dev.workshop}, {@code agent=ID}.
 */
public final class SecretTool implements SecretStore {
    private static final String APPLICATION = "dev.workshop";
    /** Long enough for the store to ask the user to unlock it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private final String command;
    private final Map<String, String> environment;

    /**
     * @param command     the {@code secret-tool} to run: its name (found on the PATH) or a path
     * @param environment variables set for it over this process's own (a test's private session bus)
     */
    public SecretTool(String command, Map<String, String> environment) {
        this.command = command;
        this.environment = Map.copyOf(environment);
    }

    /** The desktop session's store, through the {@code secret-tool} on the PATH. */
    public SecretTool() {
        this("secret-tool", Map.of());
    }

    @Override
    public Optional<String> key(AgentId agent) throws SecretStoreException {
        Result result = run(List.of("lookup", "application", APPLICATION, "agent", agent.value()), null);
        if (result.exit() == 1 && result.error().isBlank()) {
            // What secret-tool says for "no such item".
            return Optional.empty();
        }
        requireSuccess(result, "read the key");
        String key = result.output().endsWith("\n") ? result.output().substring(0, result.output().length() - 1)
                : result.output();
        return key.isEmpty() ? Optional.empty() : Optional.of(key);
    }

    @Override
    public void keep(AgentId agent, String agentName, String key) throws SecretStoreException {
        requireSuccess(run(List.of("store", "--label=Workshop: API key of the agent " + agentName, "application",
                APPLICATION, "agent", agent.value()), key), "keep the key");
    }

    @Override
    public void forget(AgentId agent) throws SecretStoreException {
        Result result = run(List.of("clear", "application", APPLICATION, "agent", agent.value()), null);
        if (result.exit() != 0 && !result.error().isBlank()) {
            requireSuccess(result, "remove the key");
        }
    }

    private record Result(int exit, String output, String error) {
    }

    private Result run(List<String> arguments, String input) throws SecretStoreException {
        List<String> line = new ArrayList<>();
        line.add(command);
        line.addAll(arguments);
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(line);
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException e) {
            throw new SecretStoreException("No secret store can be reached: " + command + " (from the package"
                    + " libsecret-tools) is not installed. Install it, or name an environment variable instead.");
        }
        try {
            try (OutputStream in = process.getOutputStream()) {
                if (input != null) {
                    in.write(input.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new SecretStoreException("The secret store did not answer within " + PATIENCE.toSeconds()
                        + " s: is it locked, waiting for its password?");
            }
            return new Result(process.exitValue(), new String(process.getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8), new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SecretStoreException("The secret store could not be asked: " + e.getMessage());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new SecretStoreException("Asking the secret store was interrupted");
        }
    }

    /** Why the store said no, as far as its words tell: each has its own sentence and its own way on. */
    enum Problem {
        /** No Secret Service answers in this session: no keyring daemon runs, or there is no session bus. */
        NO_STORE_RUNNING,
        /** The store runs but has no keyring to keep items in (the login keyring was never made). */
        NO_KEYRING,
        /** The keyring is locked, or the user dismissed its password prompt. */
        LOCKED,
        /** Anything else: the store's own first line is told. */
        OTHER;

        /** Read once from secret-tool's error output; from then on the problem, not the words, decides. */
        static Problem of(String said) {
            String words = said.toLowerCase(java.util.Locale.ROOT);
            if (words.contains("dbus-launch") || words.contains("autolaunch") || words.contains("session bus")
                    || words.contains("org.freedesktop.secrets was not provided")
                    || words.contains("could not connect")) {
                return NO_STORE_RUNNING;
            }
            if (words.contains("object does not exist at path") || words.contains("no such object")) {
                return NO_KEYRING;
            }
            if (words.contains("locked") || words.contains("dismissed")) {
                return LOCKED;
            }
            return OTHER;
        }
    }

    /** One sentence for a failure: what could not be done, why, and what to do; never D-Bus's own words. */
    private static void requireSuccess(Result result, String what) throws SecretStoreException {
        if (result.exit() == 0) {
            return;
        }
        String reason = result.error().strip().lines().findFirst().orElse("it gave no reason")
                .replaceFirst("^secret-tool: ", "");
        throw new SecretStoreException(sentence(Problem.of(result.error()), what, reason));
    }

    static String sentence(Problem problem, String what, String reason) {
        String instead = "or give the agent's key through an environment variable instead";
        return switch (problem) {
            case NO_STORE_RUNNING -> "Workshop could not " + what + ": no secret store (GNOME Keyring, KWallet,"
                    + " KeePassXC) runs in this desktop session. Start one, " + instead + ".";
            case NO_KEYRING -> "Workshop could not " + what + ": the desktop's secret store has no keyring to keep it"
                    + " in. Create one (Passwords and Keys, or your store's own app), " + instead + ".";
            case LOCKED -> "Workshop could not " + what + ": the keyring is locked. Unlock it when it asks for its"
                    + " password and try again, " + instead + ".";
            case OTHER -> "The desktop's secret store could not " + what + ": " + reason.replaceFirst("\\.$", "") + ".";
        };
    }
}
