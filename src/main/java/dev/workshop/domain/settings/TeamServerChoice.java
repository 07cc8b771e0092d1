package dev.workshop.domain.settings;

import dev.workshop.domain.conversation.TenantId;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a device keeps its conversations: its own data directory ({@code url} empty, the default, offline and
 * single-user) or a team server, with the team it works in there. The address never holds a password.
 */
public record TeamServerChoice(Optional<String> url, TenantId team) {
    public static final TeamServerChoice THIS_DEVICE = new TeamServerChoice(Optional.empty(), TenantId.LOCAL);

    public TeamServerChoice {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(team, "team");
        url = url.map(String::strip).filter(text -> !text.isEmpty());
    }

    public boolean onTeamServer() {
        return url.isPresent();
    }
}
