package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The conversation list keeps the newest activity first, except while its order is held under the pointer. */
class ConversationListOrderTest {
    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

    private static ConversationRow row(ConversationId id, String title, int minutes) {
        return new ConversationRow(id, title, ConversationStatus.ACTIVE, "", StatusCause.NONE,
                ConversationKind.CONVERSATION, "Ada, Bruno", 1, 6, T0.plusSeconds(60L * minutes), false, null, false, 2,
                true, null, java.util.Set.of(), 0);
    }

    @Test
    void aRowThatMovesOnWaitsInItsPlaceWhileTheOrderIsHeldAndMovesOnceLetGo() {
        ConversationList list = new ConversationList(null);
        ConversationId a = ConversationId.random();
        ConversationId b = ConversationId.random();
        ConversationId c = ConversationId.random();
        list.put(row(a, "A", 1));
        list.put(row(b, "B", 2));
        list.put(row(c, "C", 3));
        assertThat(list.all()).extracting(ConversationRow::title).containsExactly("C", "B", "A");

        list.holdOrder(true);
        list.put(row(a, "A moved on", 10));
        assertThat(list.all()).extracting(ConversationRow::title).containsExactly("C", "B", "A moved on");

        list.holdOrder(false);
        assertThat(list.all()).extracting(ConversationRow::title).containsExactly("A moved on", "C", "B");

        list.put(row(b, "B moved on", 11));
        assertThat(list.all()).as("let go, it follows activity again").extracting(ConversationRow::title)
                .containsExactly("B moved on", "A moved on", "C");
    }
}
