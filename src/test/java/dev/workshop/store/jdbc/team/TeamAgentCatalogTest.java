package dev.workshop.store.jdbc.team;

import dev.workshop.store.jdbc.TestClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.StarterAgents;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.AgentCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A team's agents live on the team server: every device of the team sees the same ones, other teams none of them. */
@dev.workshop.testing.Slow
class TeamAgentCatalogTest {
    @org.junit.jupiter.api.extension.RegisterExtension
    static final EmbeddedTeamServer SERVER = new EmbeddedTeamServer();

    private static AgentDefinition agent(String id, String name) {
        return new AgentDefinition(new AgentId(id), name, "A careful " + name, "offline", "echo", "#0969da");
    }

    @Test
    void devicesOfATeamShareItsAgentsAndTheFirstDeviceSeedsThem() {
        String url = SERVER.url();
        TenantId team = new TenantId("shared-agents");
        try (PostgresConversationStore first = PostgresConversationStore.open(url);
             PostgresConversationStore second = PostgresConversationStore.open(url)) {
            AgentCatalog onFirst = first.agents(team, StarterAgents.all());
            AgentCatalog onSecond = second.agents(team, List.of(agent("only-here", "Solo")));
            assertThat(onSecond.list()).as("the team had agents already: the second device's own are not added")
                    .extracting(AgentDefinition::name).containsExactlyElementsOf(
                            StarterAgents.all().stream().map(AgentDefinition::name).toList());

            AgentDefinition reviewer = onFirst.add(agent("reviewer-1", "Reviewer"));
            assertThat(onSecond.find(reviewer.id())).as("an agent added elsewhere is found at once").contains(reviewer);
            assertThat(onSecond.findByIdOrName("reviewer")).contains(reviewer);

            assertThatThrownBy(() -> onSecond.add(agent("reviewer-2", "REVIEWER")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("An agent named \"REVIEWER\" already exists in team shared-agents");
            assertThatThrownBy(() -> onSecond.add(agent("reviewer-1", "Someone else")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reviewer-1 already exists");

            AgentDefinition renamed = agent("reviewer-1", "Critic");
            onSecond.update(renamed);
            assertThat(onFirst.find(reviewer.id())).isPresent();
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5))
                    .until(() -> onFirst.find(reviewer.id()).orElseThrow().name().equals("Critic"));

            assertThat(onFirst.remove(reviewer.id())).isTrue();
            assertThatThrownBy(() -> onSecond.update(renamed)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("another device may have removed it");
            assertThat(onSecond.find(reviewer.id())).isEmpty();

            AgentCatalog otherTeam = second.agents(new TenantId("other-team"), List.of(agent("only-here", "Solo")));
            assertThat(otherTeam.list()).extracting(AgentDefinition::name).containsExactly("Solo");
            assertThat(otherTeam.find(StarterAgents.all().getFirst().id())).as("another team's agents are not seen")
                    .isEmpty();
        }
    }

    @Test
    void whileTheServerIsAwayTheLastAgentsReadStandAndAnUnknownOneIsNotCalledGone() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean away = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicReference<java.time.Instant> now =
                new java.util.concurrent.atomic.AtomicReference<>(java.time.Instant.parse("2026-11-27T10:00:00Z"));
        java.time.Clock clock = new TestClock(now::get);
        try (PostgresConversationStore store = PostgresConversationStore.open(SERVER.url())) {
            AgentCatalog agents = TeamAgentCatalog.open(() -> {
                if (away.get()) {
                    throw new dev.workshop.store.StoreUnavailableException("The team server cannot be reached", null);
                }
                try {
                    return SERVER.postgres().getPostgresDatabase().getConnection();
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
            }, new TenantId("away-team"), StarterAgents.all(), clock);
            away.set(true);
            now.set(now.get().plusSeconds(10));
            assertThat(agents.list()).as("the copy read before").hasSize(StarterAgents.all().size());
            assertThat(agents.find(StarterAgents.all().getFirst().id())).isPresent();
            assertThatThrownBy(() -> agents.find(new AgentId("not-in-the-copy")))
                    .as("not 'missing': the server cannot say").isInstanceOf(dev.workshop.store.StoreUnavailableException.class);
            assertThatThrownBy(() -> agents.add(agent("new-one", "Newcomer")))
                    .isInstanceOf(dev.workshop.store.StoreException.class);
        }
    }
}
