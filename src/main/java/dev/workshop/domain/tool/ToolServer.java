package dev.workshop.domain.tool;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An outside tool server as configured, in the {@code mcpServers} shape other desktop apps use: a program started
 * over stdio ({@code command}, {@code args}, {@code env}) or a streamable HTTP endpoint ({@code url}, {@code headers}).
 * Values of {@code env} and {@code headers} may be secret references ({@code ${secret:NAME}}), resolved only when the
 * server starts, never written out resolved.
 */
public record ToolServer(String name, String command, List<String> args, Map<String, String> env, String url,
                         Map<String, String> headers, Duration timeout) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    public ToolServer {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("A tool server needs a name");
        }
        command = command == null ? "" : command.strip();
        url = url == null ? "" : url.strip();
        if (command.isEmpty() == url.isEmpty()) {
            throw new IllegalArgumentException("Tool server " + name + " needs either a command (stdio) or a url"
                    + " (streamable HTTP)");
        }
        args = args == null ? List.of() : List.copyOf(args);
        env = env == null ? Map.of() : Map.copyOf(env);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        timeout = timeout == null || timeout.isZero() || timeout.isNegative() ? DEFAULT_TIMEOUT : timeout;
    }

    public static ToolServer stdio(String name, String command, List<String> args, Map<String, String> env) {
        return new ToolServer(name, command, args, env, null, null, null);
    }

    public static ToolServer http(String name, String url, Map<String, String> headers) {
        return new ToolServer(name, null, null, null, url, headers, null);
    }

    public boolean overStdio() {
        return !command.isEmpty();
    }

    public ToolServer withTimeout(Duration newTimeout) {
        return new ToolServer(name, command, args, env, url, headers, newTimeout);
    }

    /** Where it is, as the user reads it (a command line or a url; never a header or an environment value). */
    public String where() {
        return overStdio() ? String.join(" ", java.util.stream.Stream.concat(java.util.stream.Stream.of(command),
                args.stream()).toList()) : url;
    }
}
