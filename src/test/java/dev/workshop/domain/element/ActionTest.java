package dev.workshop.domain.element;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ActionTest {

    @Test
    void argumentsAreCheckedAgainstTheDefinition() {
        assertThat(Action.of(ActionType.FORGET, Map.of("note", 3)).argument("note")).contains("3");
        assertThatThrownBy(() -> Action.of(ActionType.PIN, Map.of())).isInstanceOf(ActionRejectedException.class)
                .hasMessage("pin needs 'text': What the pin says.");
        assertThatThrownBy(() -> Action.of(ActionType.PIN, Map.of("text", "x", "colour", "red")))
                .hasMessage("pin takes no argument 'colour'; it takes text, pinboard");
        assertThatThrownBy(() -> Action.of(ActionType.FORGET, Map.of("note", "three")))
                .hasMessage("forget's 'note' is a whole number, not three");
        assertThatThrownBy(() -> Action.of(ActionType.POST, Map.of("text", 12)))
                .hasMessage("post's 'text' is a string, not 12");
        assertThatThrownBy(() -> Action.of(ActionType.POST, Map.of("text", "x".repeat(Action.MAX_ARGUMENT_CHARS + 1))))
                .hasMessageContaining("is over the limit of 8192");
    }

    @Test
    void theEnvironmentSendsAnActionToItsElementOrSaysThereIsNone() {
        Environment none = Environment.empty();

        assertThatThrownBy(() -> none.target(Action.of(ActionType.PIN, Map.of("text", "x")), Actor.USER))
                .hasMessage("There is no pinboard on the canvas");
        assertThatThrownBy(() -> none.target(Action.of(ActionType.SEND, Map.of("to", "Zoe", "text", "x")),
                Actor.USER)).hasMessage("There is no agent called Zoe to send to");
        assertThatThrownBy(() -> none.target(Action.of(ActionType.POST, Map.of("text", "x", "board", "Ideas")),
                Actor.USER)).hasMessage("There is no message board called Ideas");
    }
}
