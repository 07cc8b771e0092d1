package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonSceneStoreTest {
    @TempDir
    Path dir;
    private final List<String> warnings = new ArrayList<>();

    static CanvasScene sample() {
        AgentInstance ada = new AgentInstance(new InstanceId("i-ada"), new AgentId("starter-ada"), new Point(10.5, -20),
                Behaviour.WANDER);
        AgentInstance bruno = new AgentInstance(new InstanceId("i-bruno"), new AgentId("starter-bruno"),
                new Point(300, 40), Behaviour.PATROL);
        return new CanvasScene(List.of(ada, bruno), List.of(new Rope("r1", ada.id(), bruno.id(), "mentors")),
                new Camera(-120, 35.25, 0.75), new SceneSettings(SceneSettings.Theme.DARK, 9, true, true),
                Map.of(new ConversationId("c-1"), List.of(ada.id(), bruno.id())),
                Map.of(new ConversationId("c-0"), List.of(bruno.id())));
    }

    @Test
    void aSavedSceneComesBackEqual() {
        new JsonSceneStore(dir, warnings::add).save(sample());

        assertThat(new JsonSceneStore(dir, warnings::add).load()).isEqualTo(sample());
        assertThat(warnings).isEmpty();
        assertThat(dir.resolve("scene.json.new")).doesNotExist();
    }

    @Test
    void olderScenesKeepTheirThemeAndAnUnknownOrMissingOneFollowsTheSystem() throws IOException {
        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"instances\":[],\"settings\":{\"theme\":\"dark\","
                + "\"default_max_turns\":7}}");
        assertThat(new JsonSceneStore(dir, warnings::add).load().settings())
                .isEqualTo(new SceneSettings(SceneSettings.Theme.DARK, 7, false, false));

        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"instances\":[],\"settings\":{\"theme\":\"sepia\"}}");
        assertThat(new JsonSceneStore(dir, warnings::add).load().settings()).isEqualTo(SceneSettings.DEFAULTS);

        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"instances\":[]}");
        CanvasScene oldest = new JsonSceneStore(dir, warnings::add).load();
        assertThat(oldest.settings().theme()).isEqualTo(SceneSettings.Theme.SYSTEM);
        assertThat(oldest.failedMarks()).as("a file from before the marks were kept").isEmpty();
        assertThat(warnings).isEmpty();
    }

    @Test
    void damagedErrorMarksAreDroppedAndTheRestOfTheCanvasIsKept() throws IOException {
        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"instances\":[{\"id\":\"i-ada\","
                + "\"agent_id\":\"starter-ada\"}],\"failed_marks\":{\"c-1\":[\"\",{}]}}");

        CanvasScene scene = new JsonSceneStore(dir, warnings::add).load();

        assertThat(scene.instances()).extracting(AgentInstance::id).containsExactly(new InstanceId("i-ada"));
        assertThat(scene.failedMarks()).isEmpty();
        assertThat(warnings).isEmpty();
        assertThat(dir.resolve("scene.json")).exists();
    }

    @Test
    void theThemeIsPeekedBeforeTheWindowOpensWithoutTouchingABrokenFile() throws IOException {
        JsonSceneStore store = new JsonSceneStore(dir, warnings::add);
        assertThat(store.peekTheme()).as("a new data directory").isEqualTo(SceneSettings.Theme.SYSTEM);
        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"settings\":{\"theme\":\"dark\"}}");
        assertThat(store.peekTheme()).isEqualTo(SceneSettings.Theme.DARK);

        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"instances\":[{\"id\":");
        assertThat(store.peekTheme()).isEqualTo(SceneSettings.Theme.SYSTEM);
        assertThat(dir.resolve("scene.json")).as("left for the workspace's load to keep aside and report").exists();
        assertThat(warnings).isEmpty();
    }

    @Test
    void aNewDataDirectoryHasAnEmptyScene() {
        assertThat(new JsonSceneStore(dir, warnings::add).load()).isEqualTo(CanvasScene.EMPTY);
    }

    @Test
    void anUnreadableFileIsKeptAsideAndReportedAndTheCanvasStartsEmpty() throws IOException {
        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"instances\":[{\"id\":");

        CanvasScene loaded = new JsonSceneStore(dir, warnings::add).load();

        assertThat(loaded).isEqualTo(CanvasScene.EMPTY);
        assertThat(warnings).singleElement().asString().startsWith("The canvas file " + dir.resolve("scene.json")
                + " could not be read: it is not valid JSON (line 1, column 32: Unexpected end-of-input")
                .contains(". It was moved to ").contains("your conversations are kept")
                .doesNotContain("Source", "REDACTED", "\n");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .anyMatch(name -> name.startsWith("scene.json.unreadable-"));
        }
    }

    @Test
    void wellFormedJsonWithWrongContentIsAlsoKeptAside() throws IOException {
        Files.writeString(dir.resolve("scene.json"), "{\"format\":1,\"instances\":[{\"agent_id\":\"a\"}]}");

        assertThat(new JsonSceneStore(dir, warnings::add).load()).isEqualTo(CanvasScene.EMPTY);
        assertThat(warnings).singleElement().asString().contains("lacks its \"id\"");
    }

    @Test
    void aFileFromANewerWorkshopOpensAnEmptyCanvasAndIsNeverWrittenOver() throws IOException {
        Files.writeString(dir.resolve("scene.json"), "{\"format\":99,\"instances\":[]}");
        JsonSceneStore store = new JsonSceneStore(dir, warnings::add);

        assertThat(store.load()).isEqualTo(CanvasScene.EMPTY);
        assertThat(warnings).singleElement().asString().contains("newer Workshop (format 99")
                .contains("the canvas opens empty and is not saved").contains("Conversations are not affected");
        assertThatThrownBy(() -> store.save(sample())).isInstanceOf(StoreException.class)
                .hasMessageContaining("not saved, so as not to write over it");
        assertThat(Files.readString(dir.resolve("scene.json"))).contains("99");
    }

    @Test
    void aSaveThatCannotBeWrittenSaysWhere() throws IOException {
        Path notAFolder = dir.resolve("file");
        Files.writeString(notAFolder, "x");

        assertThatThrownBy(() -> new JsonSceneStore(notAFolder, warnings::add).save(sample()))
                .isInstanceOf(StoreException.class).hasMessageContaining("Cannot save the canvas to " + notAFolder);
    }
}
