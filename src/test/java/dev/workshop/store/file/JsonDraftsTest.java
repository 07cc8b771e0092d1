package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonDraftsTest {
    @TempDir
    Path dir;
    private final List<String> warnings = new ArrayList<>();

    @Test
    void draftsComeBackAsWrittenWithLinesAndQuotes() {
        Map<ConversationId, String> drafts = Map.of(new ConversationId("c-1"), "Line one\n\"quoted\" ✓",
                new ConversationId("c-2"), "short");
        new JsonDrafts(dir, warnings::add).save(drafts);

        assertThat(new JsonDrafts(dir, warnings::add).load()).isEqualTo(drafts);
        assertThat(warnings).isEmpty();
    }

    @Test
    void noFileMeansNoDrafts() {
        assertThat(new JsonDrafts(dir, warnings::add).load()).isEmpty();
    }

    @Test
    void anUnreadableFileIsKeptAsideAndReported() throws IOException {
        Files.writeString(dir.resolve(JsonDrafts.FILE), "{\"drafts\": {\"c-1\": \"unfinished");

        assertThat(new JsonDrafts(dir, warnings::add).load()).isEmpty();

        assertThat(warnings).singleElement().asString().startsWith("Your unsent messages in " + dir.resolve(JsonDrafts.FILE)
                + " could not be read: it is not valid JSON (line 1, column 31: Unexpected end-of-input in VALUE_STRING)")
                .contains(". The file was moved to ").doesNotContain("Source", "REDACTED", "\n");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .as("kept aside, not deleted").anyMatch(name -> name.startsWith(JsonDrafts.FILE) && !name.equals(JsonDrafts.FILE));
        }
    }
}
