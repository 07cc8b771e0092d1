package dev.workshop.domain.element;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MarkersTest {

    @Test
    void wellFormedMarkersBecomeActionsAndLeaveTheText() {
        Markers.Parsed parsed = Markers.parse("We should ship on Friday. [PIN: Ship on Friday] [VOTE_UP: p3]"
                + " Also [SEND to Ada: the numbers are in] and [REMEMBER: Ada owns the numbers].");

        assertThat(parsed.text()).isEqualTo("We should ship on Friday. Also and.");
        assertThat(parsed.actions()).containsExactly(
                new Action(ActionType.PIN, Map.of("text", "Ship on Friday")),
                new Action(ActionType.VOTE_UP, Map.of("pin", "p3")),
                new Action(ActionType.SEND, Map.of("to", "Ada", "text", "the numbers are in")),
                new Action(ActionType.REMEMBER, Map.of("text", "Ada owns the numbers")));
    }

    @Test
    void aMarkerMayNameItsElement() {
        assertThat(Markers.parse("[POST to Ideas: Try a pilot]").actions()).containsExactly(
                new Action(ActionType.POST, Map.of("board", "Ideas", "text", "Try a pilot")));
        assertThat(Markers.parse("[COMMENT on P2: too early]").actions()).containsExactly(
                new Action(ActionType.COMMENT, Map.of("pin", "P2", "text", "too early")));
    }

    @Test
    void malformedOrUnknownMarkersStayPlainText() {
        for (String text : List.of("[PIN Ship it]", "[PIN:Ship it]", "[pin: Ship it]", "[LAUNCH: rockets]",
                "[SEND: nobody named]", "[FORGET: three]", "[REMEMBER to Ada: a note]", "[PIN: ]", "[PIN: a\nb]",
                "[VOTE_UP: [P1]]", "[SEND to Ada:no space]", "[COMMENT: no pin]")) {
            Markers.Parsed parsed = Markers.parse(text);
            assertThat(parsed.actions()).as(text).isEmpty();
            assertThat(parsed.text()).as(text).isEqualTo(text);
        }
    }

    @Test
    void aReplyOfMarkersAloneShowsItsActionsInWords() {
        Markers.Parsed parsed = Markers.parse("[PIN: Ship on Friday]");

        assertThat(parsed.text()).isEmpty();
        assertThat(parsed.shownText()).isEqualTo("(pin text=\"Ship on Friday\")");
    }

    /** Any text whatever: no exception, and every action found is one whose marker is in the text. */
    @Test
    void anyTextParsesWithoutAnExceptionAndFindsOnlyWellFormedMarkers() {
        String[] pieces = {"[", "]", ":", ": ", " ", "\n", "PIN", "VOTE_UP", "SEND", " to ", " on ", "Ada", "P1",
                "text", "é", "🙂", "\\", "[PIN: ", "[SEND to Ada: ", "[FORGET: 2]", "[[", "]]", "x".repeat(70)};
        for (long each = 0; each < 3_000; each++) {
            long seed = each;
            Random random = new Random(seed);
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(40); i > 0; i--) {
                text.append(random.nextBoolean() ? pieces[random.nextInt(pieces.length)]
                        : String.valueOf((char) random.nextInt(0x20, 0x7f)));
            }
            String reply = text.toString();
            assertThatCode(() -> {
                Markers.Parsed parsed = Markers.parse(reply);
                for (Action action : parsed.actions()) {
                    assertThat(reply).as("seed %d", seed).contains("[" + action.type().markerName());
                }
                assertThat(parsed.text().length()).isLessThanOrEqualTo(reply.length());
                if (parsed.actions().isEmpty()) {
                    assertThat(parsed.text()).isEqualTo(reply);
                }
            }).as("seed %d: %s", seed, reply).doesNotThrowAnyException();
        }
    }

    @Test
    void aLongRunOfBracketsParsesQuickly() {
        String brackets = "[PIN: ".repeat(20_000) + "]".repeat(20_000);

        assertThat(Markers.parse(brackets).actions()).isEmpty();
    }

    @Test
    void aReplyBeingWrittenShowsNoMarkerNotEvenHalfOfOne() {
        assertThat(Markers.whileWriting("Ship it. [PIN: Ship on Fri")).isEqualTo("Ship it.");
        assertThat(Markers.whileWriting("Ship it. [PIN: Ship on Friday] and")).isEqualTo("Ship it. and");
        assertThat(Markers.whileWriting("Ship it. [SEND to Ad")).isEqualTo("Ship it.");
        assertThat(Markers.whileWriting("Ship it. [")).isEqualTo("Ship it.");
        assertThat(Markers.whileWriting("An array [1, 2")).isEqualTo("An array [1, 2");
        assertThat(Markers.whileWriting("See [the docs] here")).isEqualTo("See [the docs] here");
    }

    @Test
    void theGuideTeachesEveryMarker() {
        String guide = Markers.guide();

        for (ActionType type : ActionType.values()) {
            assertThat(guide).contains("[" + type.markerName());
        }
        assertThat(guide).contains("[SEND to NAME: text]");
    }
}
