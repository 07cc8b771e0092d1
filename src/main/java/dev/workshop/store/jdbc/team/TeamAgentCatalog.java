package dev.workshop.store.jdbc.team;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.StoreException;
import dev.workshop.store.file.AgentJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A team's agent definitions on the team server (ADR 0022): every device of the team sees the same agents, so the
 * instance that takes over a conversation knows its participants. Each change is one statement, durable once it
 * returns; names are unique in the team whatever their case (the database says so, not a read before the write).
 * Reads come from a copy at most a second old, read again at once when an agent asked for is not in it.
 */
final class TeamAgentCatalog implements AgentCatalog {
    private static final Duration FRESH = Duration.ofSeconds(1);
    private static final String LIST = """
            SELECT definition FROM team_agent WHERE tenant_id = ? ORDER BY position, agent_id""";

    private final Supplier<Connection> connections;
    private final TenantId team;
    private final Clock clock;
    private final ObjectMapper json = new ObjectMapper();
    private volatile List<AgentDefinition> agents = List.of();
    private volatile Instant readAt = Instant.MIN;

    private TeamAgentCatalog(Supplier<Connection> connections, TenantId team, Clock clock) {
        this.connections = connections;
        this.team = team;
        this.clock = clock;
    }

    /**
     * The team's agents; a team that has none yet starts with {@code seed} (this device's own agents, the starter
     * agents on a new device), added once whichever device comes first.
     */
    static TeamAgentCatalog open(Supplier<Connection> connections, TenantId team, List<AgentDefinition> seed,
                                 Clock clock) {
        TeamAgentCatalog catalog = new TeamAgentCatalog(connections, team, clock);
        if (catalog.reload().isEmpty()) {
            for (AgentDefinition agent : seed) {
                catalog.insert(agent, true);
            }
            catalog.reload();
        }
        return catalog;
    }

    /**
     * The team's agents; while the server cannot be reached, the last copy read (a loop waiting for the server to
     * come back must not lose its agents meanwhile).
     */
    @Override
    public List<AgentDefinition> list() {
        if (Duration.between(readAt, clock.instant()).compareTo(FRESH) > 0) {
            try {
                return reload();
            } catch (StoreException away) {
                if (readAt.equals(Instant.MIN)) {
                    throw away;
                }
                return agents;
            }
        }
        return agents;
    }

    @Override
    public Optional<AgentDefinition> find(AgentId id) {
        return in(list(), id).or(() -> in(reload(), id));
    }

    private static Optional<AgentDefinition> in(List<AgentDefinition> agents, AgentId id) {
        return agents.stream().filter(agent -> agent.id().equals(id)).findFirst();
    }

    @Override
    public Optional<AgentDefinition> findByIdOrName(String idOrName) {
        return byIdOrName(list(), idOrName).or(() -> byIdOrName(reload(), idOrName));
    }

    private static Optional<AgentDefinition> byIdOrName(List<AgentDefinition> agents, String idOrName) {
        return agents.stream().filter(agent -> agent.id().value().equals(idOrName)).findFirst()
                .or(() -> agents.stream().filter(agent -> key(agent.name()).equals(key(idOrName))).findFirst());
    }

    @Override
    public AgentDefinition add(AgentDefinition agent) {
        insert(agent, false);
        reload();
        return agent;
    }

    @Override
    public AgentDefinition update(AgentDefinition agent) {
        int changed = change(agent, """
                UPDATE team_agent SET definition = ?, name_key = ?, updated_at = ? WHERE tenant_id = ? AND agent_id = ?""",
                statement -> {
                    statement.setString(1, encode(agent));
                    statement.setString(2, key(agent.name()));
                    statement.setObject(3, java.time.OffsetDateTime.ofInstant(clock.instant(), java.time.ZoneOffset.UTC));
                    statement.setString(4, team.value());
                    statement.setString(5, agent.id().value());
                });
        reload();
        if (changed == 0) {
            throw new IllegalArgumentException("No agent with id " + agent.id() + " in team " + team.value()
                    + " (another device may have removed it)");
        }
        return agent;
    }

    @Override
    public boolean remove(AgentId id) {
        int removed = change(null, "DELETE FROM team_agent WHERE tenant_id = ? AND agent_id = ?", statement -> {
            statement.setString(1, team.value());
            statement.setString(2, id.value());
        });
        reload();
        return removed > 0;
    }

    private void insert(AgentDefinition agent, boolean unlessTaken) {
        change(agent, """
                INSERT INTO team_agent (tenant_id, agent_id, name_key, definition, position, updated_at)
                SELECT ?, ?, ?, ?, COALESCE(MAX(position), 0) + 1, ? FROM team_agent WHERE tenant_id = ?"""
                + (unlessTaken ? " ON CONFLICT DO NOTHING" : ""), statement -> {
                    statement.setString(1, team.value());
                    statement.setString(2, agent.id().value());
                    statement.setString(3, key(agent.name()));
                    statement.setString(4, encode(agent));
                    statement.setObject(5, java.time.OffsetDateTime.ofInstant(clock.instant(), java.time.ZoneOffset.UTC));
                    statement.setString(6, team.value());
                });
    }

    private interface Binding {
        void bind(PreparedStatement statement) throws SQLException;
    }

    private int change(AgentDefinition agent, String sql, Binding binding) {
        try (Connection connection = connections.get(); PreparedStatement statement = connection.prepareStatement(sql)) {
            binding.bind(statement);
            return statement.executeUpdate();
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState()) && agent != null) {
                String detail = String.valueOf(e.getMessage());
                throw new IllegalArgumentException(detail.contains("name") ? "An agent named \"" + agent.name()
                        + "\" already exists in team " + team.value() : "An agent with id " + agent.id()
                        + " already exists in team " + team.value(), e);
            }
            throw new StoreException("The team server did not take the change to the agents ("
                    + TeamServerProblems.reason(e) + "); nothing was changed", e);
        }
    }

    private List<AgentDefinition> reload() {
        List<AgentDefinition> read = new ArrayList<>();
        try (Connection connection = connections.get(); PreparedStatement select = connection.prepareStatement(LIST)) {
            select.setString(1, team.value());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    try {
                        var node = json.readTree(rows.getString(1));
                        read.add(AgentJson.read(node, node.path("avatar_color").asText("")));
                    } catch (JsonProcessingException | IllegalArgumentException damaged) {
                        // One agent that cannot be read costs only itself; the conversations that need it wait.
                        System.getLogger(TeamAgentCatalog.class.getName()).log(System.Logger.Level.WARNING,
                                "An agent of team " + team.value() + " on the team server cannot be read: "
                                        + damaged.getMessage());
                    }
                }
            }
        } catch (SQLException e) {
            String why = "The team server could not be read for the agents of team " + team.value() + " ("
                    + TeamServerProblems.reason(e) + ")";
            throw TeamServerProblems.isConnectionLost(e) ? new dev.workshop.store.StoreUnavailableException(why, e)
                    : new StoreException(why, e);
        }
        agents = List.copyOf(read);
        readAt = clock.instant();
        return agents;
    }

    private String encode(AgentDefinition agent) {
        return AgentJson.write(agent, json.createObjectNode()).toString();
    }

    private static String key(String name) {
        return name.strip().toLowerCase(Locale.ROOT);
    }
}
