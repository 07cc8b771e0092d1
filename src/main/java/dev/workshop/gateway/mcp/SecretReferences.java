package dev.workshop.gateway.mcp;

import dev.workshop.domain.tool.ToolSecret;
import dev.workshop.gateway.SecretStore;
import dev.workshop.gateway.SecretStoreException;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values in a tool server's headers and environment that name a secret instead of holding it: {@code ${env:NAME}}
 * (an environment variable of Workshop's) or {@code ${secret:NAME}} (kept in the desktop's secret store). Resolved
 * only as the server starts, so the files keep the name, never the value.
 */
public final class SecretReferences implements UnaryOperator<String> {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(env|secret):([^}]+)}");
    private final SecretStore secrets;
    private final UnaryOperator<String> environment;

    public SecretReferences(SecretStore secrets, UnaryOperator<String> environment) {
        this.secrets = secrets;
        this.environment = environment;
    }

    /** @throws IllegalArgumentException naming the reference that has no value (never a value) */
    @Override
    public String apply(String value) {
        Matcher matcher = REFERENCE.matcher(value);
        StringBuilder resolved = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(2).strip();
            String found;
            if (matcher.group(1).equals("env")) {
                found = environment.apply(name);
            } else {
                try {
                    found = secrets.key(ToolSecret.storeId(name)).orElse(null);
                } catch (SecretStoreException unavailable) {
                    throw new IllegalArgumentException("the secret " + name + " cannot be read: "
                            + unavailable.getMessage(), unavailable);
                }
            }
            if (found == null) {
                throw new IllegalArgumentException(matcher.group(1).equals("env") ? "the environment variable " + name
                        + " is not set" : "the secret " + name + " is not in the secret store");
            }
            matcher.appendReplacement(resolved, Matcher.quoteReplacement(found));
        }
        matcher.appendTail(resolved);
        return resolved.toString();
    }
}
