package dev.workshop.domain.agent;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** Names for new agents: each agent's name is its own, ignoring case. */
public final class AgentNames {
    private AgentNames() {
    }

    /**
     * A name for a copy of the agent called {@code original}: "Ada 2", or the first of "Ada 3", "Ada 4"… that none
     * of {@code taken} is; a copy of "Ada 2" is "Ada 3", not "Ada 2 2".
     */
    public static String forCopyOf(String original, Collection<String> taken) {
        String base = original.strip().replaceFirst("\\s+\\d+$", "");
        Set<String> used = taken.stream().map(name -> name.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        for (int n = 2; ; n++) {
            String candidate = base + " " + n;
            if (!used.contains(candidate.toLowerCase(Locale.ROOT))) {
                return candidate;
            }
        }
    }
}
