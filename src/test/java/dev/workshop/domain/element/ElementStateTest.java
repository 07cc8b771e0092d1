package dev.workshop.domain.element;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ElementStateTest {
    private static final Actor ADA = new Actor("ada", "Ada");
    private static final Actor BRUNO = new Actor("bruno", "Bruno");

    private final List<ElementChange> history = new ArrayList<>();
    private ElementState board = made(ElementKind.PINBOARD, "Plans", null);

    private ElementState made(ElementKind kind, String name, String owner) {
        history.clear();
        history.add(new ElementChange(1, Instant.EPOCH, Actor.USER, Provenance.byHand(),
                new ElementEvent.Created(kind, name, owner)));
        return ElementState.fold("e1", history);
    }

    /** Decides {@code action} on the element as it stands and takes the result in, as a store append would. */
    private ElementEvent act(Actor actor, ActionType type, Map<String, String> arguments) {
        ElementEvent event = board.decide(Action.of(type, arguments), actor);
        ElementChange change = new ElementChange(history.size() + 1, Instant.EPOCH, actor, Provenance.byHand(), event);
        history.add(change);
        board.apply(change);
        return event;
    }

    @Test
    void pinsAreNumberedAndRankedByScore() {
        act(ADA, ActionType.PIN, Map.of("text", "Ship on Friday"));
        act(ADA, ActionType.PIN, Map.of("text", "Hire a baker"));
        act(BRUNO, ActionType.VOTE_UP, Map.of("pin", "p2"));

        assertThat(board.topPins()).extracting(Pin::id).containsExactly("P2", "P1");
        assertThat(board.topPins().getFirst().score()).isEqualTo(1);
        assertThat(ElementState.fold("e1", history).topPins()).isEqualTo(board.topPins());
    }

    @Test
    void aPinWhoseScoreFallsToMinusThreeIsTakenDownAndLaterActionsOnItAreRefused() {
        act(ADA, ActionType.PIN, Map.of("text", "Open on a Monday"));
        for (int i = 0; i < 3; i++) {
            act(BRUNO, ActionType.VOTE_DOWN, Map.of("pin", "P1"));
        }

        assertThat(board.topPins()).isEmpty();
        assertThat(board.takenDown()).extracting(Pin::id).containsExactly("P1");
        ElementEvent keep = act(ADA, ActionType.KEEP, Map.of("pin", "P1"));
        assertThat(keep).isEqualTo(new ElementEvent.Refused("keep", "Pin P1 was taken down: its score fell to -3"));
    }

    @Test
    void aKeptPinStaysUpWhateverTheVotesAndComesDownWhenReleasedBelowTheLine() {
        act(ADA, ActionType.PIN, Map.of("text", "Bake sourdough"));
        act(ADA, ActionType.KEEP, Map.of("pin", "P1"));
        for (int i = 0; i < 4; i++) {
            act(BRUNO, ActionType.VOTE_DOWN, Map.of("pin", "P1"));
        }
        assertThat(board.topPins()).extracting(Pin::score).containsExactly(-4);

        act(ADA, ActionType.RELEASE, Map.of("pin", "P1"));

        assertThat(board.topPins()).isEmpty();
        assertThat(board.takenDown()).extracting(Pin::kept).containsExactly(false);
    }

    @Test
    void aFullPinboardRefusesTheFiftyFirstPin() {
        for (int i = 1; i <= ElementState.MAX_PINS; i++) {
            assertThat(act(ADA, ActionType.PIN, Map.of("text", "Idea " + i))).isInstanceOf(ElementEvent.Pinned.class);
        }

        assertThat(act(ADA, ActionType.PIN, Map.of("text", "One more"))).isInstanceOf(ElementEvent.Refused.class);
        assertThat(board.topPins()).hasSize(50);
        assertThat(act(ADA, ActionType.RELEASE, Map.of("pin", "P1"))).isEqualTo(
                new ElementEvent.Refused("release", "Pin P1 is not kept"));
    }

    @Test
    void commentsGoOnTheirPin() {
        act(ADA, ActionType.PIN, Map.of("text", "Open at seven"));
        act(BRUNO, ActionType.COMMENT, Map.of("pin", "P1", "text", "Too early for the street"));

        assertThat(board.topPins().getFirst().comments()).extracting(Entry::text)
                .containsExactly("Too early for the street");
        assertThat(act(BRUNO, ActionType.COMMENT, Map.of("pin", "P9", "text", "?"))).isEqualTo(
                new ElementEvent.Refused("comment", "There is no pin P9 on Plans"));
    }

    @Test
    void anInboxCountsWhatItsAgentHasNotRead() {
        board = made(ElementKind.INBOX, "Ada", "ada");
        act(BRUNO, ActionType.SEND, Map.of("to", "Ada", "text", "Numbers are in"));
        act(BRUNO, ActionType.SEND, Map.of("to", "Ada", "text", "And the rent"));
        assertThat(board.unread()).isEqualTo(2);

        act(ADA, ActionType.READ, Map.of("element", "Ada"));

        assertThat(board.unread()).isZero();
        assertThat(board.entries()).hasSize(2);
    }

    @Test
    void onlyItsAgentWritesInAMemoryAndAForgottenNoteKeepsTheOthersNumbers() {
        board = made(ElementKind.MEMORY, "Ada's memory", "ada");
        act(ADA, ActionType.REMEMBER, Map.of("text", "Bruno doubts the rent"));
        act(ADA, ActionType.REMEMBER, Map.of("text", "Chen owns the oven"));
        act(ADA, ActionType.FORGET, Map.of("note", "1"));

        assertThat(board.entries()).extracting(Entry::number, Entry::text).containsExactly(
                org.assertj.core.groups.Tuple.tuple(2, "Chen owns the oven"));
        assertThat(act(BRUNO, ActionType.REMEMBER, Map.of("text", "sneaky"))).isInstanceOf(ElementEvent.Refused.class);
        assertThat(act(ADA, ActionType.FORGET, Map.of("note", "1"))).isInstanceOf(ElementEvent.Refused.class);
        act(ADA, ActionType.REMEMBER, Map.of("text", "Dalia writes"));
        assertThat(board.entries()).extracting(Entry::number).containsExactly(2, 3);
    }

    @Test
    void anElementKnowsWhichProvenancesItHasApplied() {
        Provenance turn = Provenance.of("c1", 4, 0);
        history.add(new ElementChange(2, Instant.EPOCH, ADA, turn, new ElementEvent.Pinned("From a turn")));
        ElementState folded = ElementState.fold("e1", history);

        assertThat(folded.hasApplied(turn)).isTrue();
        assertThat(folded.hasApplied(Provenance.of("c1", 4, 1))).isFalse();
        assertThat(folded.hasApplied(Provenance.byHand())).isFalse();
    }

    @Test
    void anActionOfTheWrongKindIsRefusedInWords() {
        assertThat(act(ADA, ActionType.POST, Map.of("text", "Hello"))).isEqualTo(
                new ElementEvent.Refused("post", "Plans is a pinboard, which takes no post"));
    }

    @Test
    void anErasedPinOrNoteKeepsItsNumberSoThoseAfterItAndTheVotesOnThemStayAsTheyWere() {
        act(ADA, ActionType.PIN, Map.of("text", "Open at nine"));
        act(BRUNO, ActionType.PIN, Map.of("text", "secret plan"));
        act(ADA, ActionType.PIN, Map.of("text", "Close at six"));
        act(BRUNO, ActionType.VOTE_UP, Map.of("pin", "P1"));
        act(ADA, ActionType.VOTE_UP, Map.of("pin", "P3"));
        List<ElementChange> erased = new ArrayList<>(history);
        for (int at : List.of(2, 4)) {
            ElementChange bruno = erased.get(at);
            erased.set(at, new ElementChange(bruno.seq(), bruno.at(), bruno.actor(), Provenance.erased(),
                    ElementEvent.Erased.of(bruno.event())));
        }

        ElementState folded = ElementState.fold(board.id(), erased);

        assertThat(folded.topPins()).extracting(Pin::id, Pin::text, Pin::score).containsExactly(
                org.assertj.core.groups.Tuple.tuple("P3", "Close at six", 1),
                org.assertj.core.groups.Tuple.tuple("P1", "Open at nine", 0));
        assertThat(folded.version()).isEqualTo(board.version());
        assertThat(ElementEvent.Erased.of(new ElementEvent.Noted("x")).wasA()).isEqualTo("note");
        assertThat(Provenance.erased().describe()).isEqualTo("an erased conversation");
    }
}
