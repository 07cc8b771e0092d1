package dev.workshop.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The two files of a held session: a session held by the first format (a fixture committed when format 1 was
 * current) must always read back; damage and newer formats are refused in one sentence.
 */
class HeldSessionJsonTest {
    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = HeldSessionJsonTest.class.getResourceAsStream("held-v1/" + name)) {
            return in.readAllBytes();
        }
    }

    private static HeldSessionJson.Files v1() throws IOException {
        return new HeldSessionJson.Files(fixture("session.json"), fixture("events.jsonl"));
    }

    @Test
    void aSessionHeldInFormatOneReadsBackWithItsNextStepStatisticsAndParticipants() throws IOException {
        HeldSession session = HeldSessionJson.read(v1(), "workshop/plan-a-picnic-06979d32");

        assertThat(session.formatVersion()).isEqualTo(1);
        assertThat(session.id().value()).isEqualTo("06979d32-c399-4d2d-8f75-1cea646c828a");
        assertThat(session.history()).hasSize(21);
        assertThat(session.state().status()).isEqualTo(ConversationStatus.HELD);
        assertThat(session.state().turnCount()).isEqualTo(9);
        assertThat(session.next().speakerName()).isEqualTo("Ada");
        assertThat(session.next().turnIndex()).isEqualTo(9);
        assertThat(session.statistics().messages()).isEqualTo(9);
        assertThat(session.members()).extracting(member -> member.participant().name())
                .containsExactly("Ada", "Bruno", "Chen");
        assertThat(session.members()).allSatisfy(member -> assertThat(member.agent()).isPresent());
        assertThat(session.returnStack()).isEmpty();
    }

    @Test
    void whatIsWrittenReadsBackEqual() throws IOException {
        HeldSession session = HeldSessionJson.read(v1(), "fixture");
        HeldSessionJson.Files again = HeldSessionJson.write(session);
        HeldSession back = HeldSessionJson.read(again, "again");

        assertThat(back.history()).isEqualTo(session.history());
        assertThat(back.members()).isEqualTo(session.members());
        assertThat(back.statistics()).isEqualTo(session.statistics());
        assertThat(back.next()).isEqualTo(session.next());
        // Written the same way each time; a format-1 session written before causes were kept gains them
        // (status changes name their cause now), and reads back as the same history.
        assertThat(HeldSessionJson.write(back).eventsJsonl()).as("the history's lines are written the same way each"
                + " time").isEqualTo(again.eventsJsonl());
        assertThat(new String(again.eventsJsonl(), java.nio.charset.StandardCharsets.UTF_8).lines()
                .filter(line -> line.contains("\"status_changed\"")))
                .allSatisfy(line -> assertThat(line).contains("\"cause\":"));
    }

    @Test
    void aBranchWithoutASessionFileIsNotAHeldSession() throws IOException {
        assertThatThrownBy(() -> HeldSessionJson.read(new HeldSessionJson.Files(null, fixture("events.jsonl")),
                "workshop/x-1")).isInstanceOf(InvalidSnapshotException.class)
                .hasMessage("workshop/x-1 holds no .workshop/session.json: it is not a held session");
    }

    @Test
    void aCorruptSessionFileSaysWhereItIsBroken() throws IOException {
        byte[] broken = Arrays.copyOf(fixture("session.json"), 200);
        assertThatThrownBy(() -> HeldSessionJson.read(new HeldSessionJson.Files(broken, fixture("events.jsonl")),
                "workshop/x-1")).isInstanceOf(InvalidSnapshotException.class)
                .hasMessageStartingWith("The session file of workshop/x-1 cannot be read: it is not valid JSON (line");
    }

    @Test
    void aTruncatedOrFlippedHistoryFailsItsChecksum() throws IOException {
        byte[] events = fixture("events.jsonl");
        byte[] truncated = Arrays.copyOf(events, events.length - 40);
        assertThatThrownBy(() -> HeldSessionJson.read(new HeldSessionJson.Files(fixture("session.json"), truncated),
                "workshop/x-1")).isInstanceOf(InvalidSnapshotException.class)
                .hasMessageContaining("does not match its checksum").hasMessageContaining("not re-inflated");
        byte[] flipped = events.clone();
        flipped[100] ^= 0x01;
        assertThatThrownBy(() -> HeldSessionJson.read(new HeldSessionJson.Files(fixture("session.json"), flipped),
                "workshop/x-1")).hasMessageContaining("does not match its checksum");
    }

    @Test
    void aNewerFormatIsRefusedNamingBothVersions() throws IOException {
        String newer = new String(fixture("session.json"), StandardCharsets.UTF_8)
                .replace("\"format_version\" : 1", "\"format_version\" : 7");
        assertThatThrownBy(() -> HeldSessionJson.read(new HeldSessionJson.Files(newer.getBytes(StandardCharsets.UTF_8),
                fixture("events.jsonl")), "workshop/x-1")).isInstanceOf(InvalidSnapshotException.class)
                .hasMessageContaining("held by a newer Workshop").hasMessageContaining("format 7")
                .hasMessageContaining("reads up to format 1");
    }

    @Test
    void aSummaryThatDisagreesWithItsHistoryIsRefused() throws IOException {
        String lying = new String(fixture("session.json"), StandardCharsets.UTF_8)
                .replace("\"turn_index\" : 9", "\"turn_index\" : 5");
        assertThatThrownBy(() -> HeldSessionJson.read(new HeldSessionJson.Files(lying.getBytes(StandardCharsets.UTF_8),
                fixture("events.jsonl")), "workshop/x-1")).isInstanceOf(InvalidSnapshotException.class)
                .hasMessageContaining("says the next turn is 6 and its history has 9 turns");
    }
}
