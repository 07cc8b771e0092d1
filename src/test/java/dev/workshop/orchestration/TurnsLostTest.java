package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An end reason never says every turn was taken over a hole it does not name. */
class TurnsLostTest {
    @Test
    void namesTheTurnsWhoseMessagesWereLost() {
        assertThat("All 400 turns were taken" + TurnsLost.told(List.of(4)))
                .isEqualTo("All 400 turns were taken; damage on the disk took the message of turn 5");
        assertThat(TurnsLost.told(List.of(1, 7))).isEqualTo("; damage on the disk took the messages of turns 2, 8");
        assertThat(TurnsLost.told(List.of())).isEmpty();
    }
}
