package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AvatarPalette;
import dev.workshop.domain.agent.StarterAgents;
import dev.workshop.store.StoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonAgentCatalogTest {
    private static final AgentDefinition CRITIC = new AgentDefinition(new AgentId("critic"), "Critic",
            "You find the weak spot.", AgentDefinition.OFFLINE, "offline-1", "#aa3333");

    @Test
    void anAddedAgentIsFoundAndSurvivesAReopen(@TempDir Path dir) {
        JsonAgentCatalog catalog = JsonAgentCatalog.open(dir, warning -> { });
        catalog.add(CRITIC);

        assertThat(catalog.find(CRITIC.id())).contains(CRITIC);
        assertThat(catalog.findByIdOrName("critic")).contains(CRITIC);
        assertThat(JsonAgentCatalog.open(dir, warning -> { }).list())
                .hasSize(StarterAgents.all().size() + 1).contains(CRITIC);
    }

    @Test
    void anAvatarColourWorkshopCannotDrawIsNamedAndTheAgentKept(@TempDir Path dir) throws Exception {
        JsonAgentCatalog.open(dir, warning -> { }).add(CRITIC);
        Path file = dir.resolve("agents.json");
        Files.writeString(file, Files.readString(file).replace("#aa3333", "reddish"));
        List<String> warnings = new ArrayList<>();

        JsonAgentCatalog reopened = JsonAgentCatalog.open(dir, warnings::add);

        assertThat(reopened.list()).hasSize(StarterAgents.all().size() + 1);
        assertThat(reopened.find(CRITIC.id()).orElseThrow().avatarColor()).isEqualTo(AvatarPalette.DEFAULT);
        assertThat(warnings).containsExactly("Agent Critic in " + file + " has the avatar colour \"reddish\", which is "
                + "not of the form #rrggbb; it is shown grey until another is chosen (Agents…).");
        assertThat(Files.list(dir)).as("nothing set aside").containsExactly(file);
    }

    @Test
    void aChangeThatCannotBeSavedIsNotShown(@TempDir Path dir) throws Exception {
        JsonAgentCatalog catalog = JsonAgentCatalog.open(dir, warning -> { });
        List<AgentDefinition> before = catalog.list();
        // A folder with something in it where the file should be: the rename over it fails.
        Files.delete(dir.resolve("agents.json"));
        Files.writeString(Files.createDirectory(dir.resolve("agents.json")).resolve("keep"), "x");

        assertThatThrownBy(() -> catalog.add(CRITIC)).isInstanceOf(StoreException.class)
                .hasMessageContaining("Cannot save the agent list");
        assertThatThrownBy(() -> catalog.remove(before.getFirst().id())).isInstanceOf(StoreException.class);
        assertThat(catalog.list()).isEqualTo(before);
        assertThat(catalog.find(CRITIC.id())).isEmpty();
    }

    @Test
    void aCutOffListIsSetAsideNamedPlainlyAndTheStarterAgentsComeBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("agents.json");
        Files.writeString(file, "{\"agents\": [\n");
        List<String> warnings = new ArrayList<>();

        JsonAgentCatalog catalog = JsonAgentCatalog.open(dir, warnings::add);

        assertThat(catalog.list()).isEqualTo(StarterAgents.all());
        assertThat(warnings).singleElement().asString().startsWith("The agent list " + file + " could not be read: it is"
                + " not valid JSON (line 2, column 1: Unexpected end-of-input: expected close marker for Array (start"
                + " marker at line 1, column 12)). It was moved to " + dir.resolve("agents.json.unreadable-"));
        try (var files = Files.list(dir)) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .as("kept aside with what it held").anyMatch(name -> name.startsWith("agents.json.unreadable-"));
        }
    }

    @Test
    void theAgentsBeforeTheDamageAreRecoveredAndTheListSaysItWasDamaged(@TempDir Path dir) throws Exception {
        JsonAgentCatalog whole = JsonAgentCatalog.open(dir, warning -> { });
        AgentDefinition eve = whole.add(CRITIC);
        AgentDefinition zed = whole.add(new AgentDefinition(new AgentId("agent-zed"), "Zed", "You are Zed.",
                AgentDefinition.OFFLINE, "", null));
        String text = Files.readString(dir.resolve("agents.json"));
        // Cut inside the last agent, as a crash of an editor or a full disk might leave it.
        Files.writeString(dir.resolve("agents.json"), text.substring(0, text.indexOf("agent-zed") + 4));
        List<String> warnings = new ArrayList<>();

        JsonAgentCatalog catalog = JsonAgentCatalog.open(dir, warnings::add);

        assertThat(catalog.find(eve.id())).contains(eve);
        assertThat(catalog.find(zed.id())).isEmpty();
        assertThat(catalog.list()).containsAll(StarterAgents.all());
        assertThat(warnings).singleElement().asString().contains("5 agents were recovered from it (Ada, Bruno, Chen,"
                + " Dalia, " + eve.name() + ")").contains("waits, interrupted, until the agent is back");
        assertThat(catalog.damage()).get().asString().startsWith("the agent list " + dir.resolve("agents.json")
                + " could not be read whole (it was moved to " + dir.resolve("agents.json.unreadable-"));
        assertThat(JsonAgentCatalog.open(dir, warning -> { }).damage()).as("the list saved again is whole").isEmpty();
    }

    @Test
    void readersSeeWholeListsWhileAgentsChange(@TempDir Path dir) throws Exception {
        JsonAgentCatalog catalog = JsonAgentCatalog.open(dir, warning -> { });
        AgentId starter = catalog.list().getFirst().id();
        List<Throwable> failures = new ArrayList<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                for (int i = 0; i < 20_000; i++) {
                    assertThat(catalog.find(starter)).isPresent();
                    assertThat(catalog.list().size()).isBetween(StarterAgents.all().size(), StarterAgents.all().size() + 1);
                }
            } catch (Throwable e) {
                synchronized (failures) {
                    failures.add(e);
                }
            }
        });
        for (int i = 0; i < 20; i++) {
            catalog.add(CRITIC);
            catalog.remove(CRITIC.id());
        }
        reader.join();

        assertThat(failures).isEmpty();
        assertThat(catalog.list()).hasSize(StarterAgents.all().size());
    }
}
