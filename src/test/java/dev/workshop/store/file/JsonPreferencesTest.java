package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.settings.Preferences;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonPreferencesTest {
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    @Test
    void noFileMeansTheDefaultsAndWhatIsSavedIsReadBack() {
        JsonPreferences file = new JsonPreferences(dir);
        assertThat(file.load(warnings::add)).isEqualTo(Preferences.DEFAULTS);

        file.save(new Preferences(10, 5, 0, 3));
        assertThat(file.load(warnings::add).purgeAfterDays()).as("nothing purged unless set").isZero();
        file.save(new Preferences(10, 5, 0, 3, 30, 400));
        assertThat(file.load(warnings::add).purgeAfterDays()).isEqualTo(400);
        file.save(new Preferences(10, 5, 0, 3));

        assertThat(new JsonPreferences(dir).load(warnings::add)).isEqualTo(new Preferences(10, 5, 0, 3));
        assertThat(warnings).isEmpty();
    }

    @Test
    void aValueLeftOutTakesItsDefault() throws Exception {
        Files.writeString(dir.resolve("settings.json"), "{\"concurrent_conversations\": 8}");

        assertThat(new JsonPreferences(dir).load(warnings::add))
                .isEqualTo(new Preferences(Preferences.DEFAULTS.defaultMaxTurns(), 8,
                        Preferences.DEFAULTS.offlineReplyMillis()));
        assertThat(warnings).isEmpty();
    }

    @Test
    void aFileThatCannotBeUsedIsSetAsideAndNamedAndTheDefaultsApply() throws Exception {
        int n = 0;
        for (String bad : List.of("{\"default_max_turns\": ", "[1, 2]", "{\"default_max_turns\": 0}",
                "{\"max_tool_calls\": -1}",
                "{\"default_max_turns\": \"six\"}", "{\"concurrent_conversations\": 2.5}")) {
            // A folder each: a file is set aside under a name with the second it happened.
            Path folder = Files.createDirectory(dir.resolve("case-" + n++));
            Path file = folder.resolve("settings.json");
            Files.writeString(file, bad);
            warnings.clear();

            assertThat(new JsonPreferences(folder).load(warnings::add)).as(bad).isEqualTo(Preferences.DEFAULTS);

            assertThat(warnings).as(bad).singleElement().asString().startsWith("The settings in " + file
                    + " could not be used: ").contains("; the defaults apply until you save new ones. It was moved to ")
                    .doesNotContain("Source", "REDACTED", "\n");
            assertThat(file).as("set aside, not left to fail again").doesNotExist();
        }
        assertThat(warnings.getFirst()).doesNotContain("null");
    }
}
