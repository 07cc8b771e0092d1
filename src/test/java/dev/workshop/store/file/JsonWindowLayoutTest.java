package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.WindowLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonWindowLayoutTest {
    private final java.util.List<String> warnings = new java.util.ArrayList<>();

    @TempDir
    Path dir;
    private final List<String> problems = new ArrayList<>();

    @Test
    void aSavedLayoutComesBackEqual() {
        WindowLayout layout = new WindowLayout(new Bounds(-1200, 40, -10, 900), true, 0.55, 0.3);

        new JsonWindowLayout(dir).save(layout, problems::add);

        assertThat(new JsonWindowLayout(dir).load(warnings::add)).isEqualTo(layout);
        assertThat(problems).isEmpty();
    }

    @Test
    void aLayoutWithoutAWindowPlaceKeepsItsDividers() {
        new JsonWindowLayout(dir).save(new WindowLayout(Bounds.EMPTY, false, 0.7, 0.2), problems::add);

        WindowLayout loaded = new JsonWindowLayout(dir).load(warnings::add);

        assertThat(loaded.windowBounds()).isEmpty();
        assertThat(loaded.sidebarDivider()).isEqualTo(0.7);
        assertThat(loaded.listDivider()).isEqualTo(0.2);
    }

    @Test
    void aMissingOrUnreadableFileMeansTheDefaultLayoutAndAnUnreadableOneIsSetAsideAndNamed() throws IOException {
        assertThat(new JsonWindowLayout(dir).load(warnings::add)).isEqualTo(WindowLayout.DEFAULT);
        assertThat(warnings).as("no file is nothing to warn about").isEmpty();

        Files.writeString(dir.resolve("window.json"), "{\"window\":{\"x\":");
        assertThat(new JsonWindowLayout(dir).load(warnings::add)).isEqualTo(WindowLayout.DEFAULT);
        assertThat(warnings).singleElement().asString().startsWith("The window layout " + dir.resolve("window.json")
                + " could not be read: it is not valid JSON").contains("It was moved to " + dir.resolve("window.json.unreadable-"));
        assertThat(dir.resolve("window.json")).doesNotExist();

        Files.writeString(dir.resolve("window.json"), "[1, 2]");
        assertThat(new JsonWindowLayout(dir).load(warnings::add)).isEqualTo(WindowLayout.DEFAULT);
        assertThat(warnings).hasSize(2).last().asString().contains("it holds no layout");
    }

    @Test
    void aLayoutThatCannotBeWrittenIsReportedNotThrown() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("plain-file"), "x");

        new JsonWindowLayout(notADirectory).save(WindowLayout.DEFAULT, problems::add);

        assertThat(problems).singleElement().asString().startsWith("Could not remember the window's layout in ")
                .contains("plain-file");
    }
}
