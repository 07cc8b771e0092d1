package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RecentMessagesTest {
    private static MessageRecorded message(int turn) {
        return new MessageRecorded(turn, new AgentId("starter-ada"), "Ada", "Reply " + turn);
    }

    @Test
    void keepsTheNewestMessagesOldestFirstOnceTheWindowIsFull() {
        RecentMessages recent = new RecentMessages(3);
        IntStream.range(0, 7).forEach(turn -> recent.add(message(turn)));

        assertThat(recent).extracting(MessageRecorded::turnIndex).containsExactly(4, 5, 6);
        assertThat(recent.getLast().turnIndex()).isEqualTo(6);
        assertThat(recent.subList(1, 3)).extracting(MessageRecorded::turnIndex).containsExactly(5, 6);
    }

    @Test
    void holdsFewerThanItsWindowUntilThatManyArrive() {
        RecentMessages recent = new RecentMessages(8);
        assertThat(recent).isEmpty();
        recent.add(message(0));
        recent.add(message(1));

        assertThat(recent).extracting(MessageRecorded::turnIndex).containsExactly(0, 1);
        assertThatThrownBy(() -> recent.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void refusesAWindowOfNothingAndAMissingMessage() {
        assertThatThrownBy(() -> new RecentMessages(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not 0");
        assertThatThrownBy(() -> new RecentMessages(2).add(null)).isInstanceOf(NullPointerException.class);
    }
}
