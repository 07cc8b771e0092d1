package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.settings.TeamServerChoice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a device keeps its conversations, kept in its data directory: read back, forgotten, or set aside if damaged. */
class JsonTeamServerChoiceTest {
    @TempDir
    Path dir;

    @Test
    void aChoiceIsReadBackAndThisDeviceIsTheAbsenceOfTheFile() {
        JsonTeamServerChoice file = new JsonTeamServerChoice(dir);
        List<String> warnings = new ArrayList<>();
        assertThat(file.load(warnings::add)).isEqualTo(TeamServerChoice.THIS_DEVICE);

        TeamServerChoice team = new TeamServerChoice(Optional.of("jdbc:postgresql://db:5432/workshop"),
                new TenantId("design"));
        file.save(team);
        assertThat(new JsonTeamServerChoice(dir).load(warnings::add)).isEqualTo(team);

        file.save(TeamServerChoice.THIS_DEVICE);
        assertThat(Files.exists(dir.resolve(JsonTeamServerChoice.FILE))).isFalse();
        assertThat(warnings).isEmpty();
    }

    @Test
    void aDamagedFileIsSetAsideWithAWarningAndThisDevicesOwnDataOpens() throws Exception {
        Files.writeString(dir.resolve(JsonTeamServerChoice.FILE), "{\"url\": \"jdbc:postgresql://db/w\", \"team\": ");
        List<String> warnings = new ArrayList<>();
        assertThat(new JsonTeamServerChoice(dir).load(warnings::add)).isEqualTo(TeamServerChoice.THIS_DEVICE);
        assertThat(warnings).singleElement().asString().startsWith("The team server setting in ")
                .contains("this device's own conversations are shown").contains("It was moved to ");
        try (var files = Files.list(dir)) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .anyMatch(name -> name.startsWith(JsonTeamServerChoice.FILE + ".unreadable-"));
        }

        Files.writeString(dir.resolve(JsonTeamServerChoice.FILE), "{\"url\": \"jdbc:postgresql://db/w\", \"team\": \"no spaces\"}");
        warnings.clear();
        assertThat(new JsonTeamServerChoice(dir).load(warnings::add)).isEqualTo(TeamServerChoice.THIS_DEVICE);
        assertThat(warnings).singleElement().asString().contains("team name");
    }
}
