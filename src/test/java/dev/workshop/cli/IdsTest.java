package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdsTest {
    private static List<ConversationState> conversations(String... ids) {
        List<ConversationState> states = new ArrayList<>();
        for (String id : ids) {
            states.add(ConversationState.notStarted(new ConversationId(id)));
        }
        return states;
    }

    @Test
    void theStartOfOneConversationsIdNamesIt() {
        List<ConversationState> known = conversations("37ea3562-3bfb", "39dfe86d-cfe0");

        assertThat(Ids.byPrefix(new ConversationId("37ea"), known)).isEqualTo(new ConversationId("37ea3562-3bfb"));
        assertThat(Ids.byPrefix(new ConversationId("39dfe86d-cfe0"), known)).isEqualTo(new ConversationId("39dfe86d-cfe0"));
    }

    @Test
    void anIdNothingStartsWithComesBackAsTypedForTheCommandToReport() {
        assertThat(Ids.byPrefix(new ConversationId("abcd"), conversations("37ea3562", "39dfe86d")))
                .isEqualTo(new ConversationId("abcd"));
    }

    @Test
    void aStartSharedBySeveralConversationsNamesThemAndAsksForMore() {
        assertThatThrownBy(() -> Ids.byPrefix(new ConversationId("3a3a"),
                conversations("3a3a-1", "3a3a-2", "3a3a-3", "3a3a-4", "3a3a-5", "3a3a-6", "3a3a-7", "4b4b")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"3a3a\" starts the ids of 7 conversations: 3a3a-1 (Conversation 3a3a-1), "
                        + "3a3a-2 (Conversation 3a3a-2), 3a3a-3 (Conversation 3a3a-3), 3a3a-4 (Conversation 3a3a-4), "
                        + "3a3a-5 (Conversation 3a3a-5) and 2 more; type more of the id");
    }

    @Test
    void aStartTooShortToPickOneSaysHowMuchToType() {
        List<ConversationState> known = conversations("37ea3562-3bfb", "39dfe86d-cfe0");

        assertThatThrownBy(() -> Ids.requireLongEnough(new ConversationId("37e"), known))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"37e\" is too short to pick a conversation: type at least 4 characters of its id "
                        + "(see 'workshop list')");
        // Nothing starts with it: the command reports an unknown id in its own words.
        assertThatCode(() -> Ids.requireLongEnough(new ConversationId("4a"), known)).doesNotThrowAnyException();
    }

    @Test
    void aMalformedIdIsRefusedWithWhatIsWrong() {
        assertThatThrownBy(() -> Ids.conversation(" "))
                .hasMessage("\" \" is not a conversation id: A conversation id must have 1 to 64 characters");
    }
}
