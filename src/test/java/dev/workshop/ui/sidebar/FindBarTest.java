package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FindBarTest {
    private static MessageItem message(int turn, String content) {
        return new MessageItem(turn, new AgentId("ada"), "Ada", "#0969da", content, Instant.EPOCH, null, false);
    }

    @Test
    void findsTheTurnsWhoseTextHoldsTheSearchIgnoringCase() {
        List<MessageItem> items = List.of(message(0, "Bring lemonade"), message(1, "Sandwiches"),
                message(2, "More LEMONADE, please"), message(3, "Ada says hi"));

        assertThat(FindBar.matchingTurns(items, "Lemonade")).containsExactly(0, 2);
        assertThat(FindBar.matchingTurns(items, "lemonade, ")).as("spaces count").containsExactly(2);
        assertThat(FindBar.matchingTurns(items, "ada")).as("the text, not the speaker (Ada said all four)")
                .containsExactly(3);
        assertThat(FindBar.matchingTurns(items, "tea")).isEmpty();
        assertThat(FindBar.matchingTurns(items, " ")).isEmpty();
    }
}
