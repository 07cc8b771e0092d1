package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.canvas.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeamLabelTest {
    @Test
    void theLabelIsCentredUnderTheTeamBelowTheLowestAgentsNameAndState() {
        Point at = TeamLabel.under(List.of(new Point(100, 200), new Point(240, 260), new Point(380, 200)), 1);

        assertThat(at.x()).isEqualTo(240);
        // The state line's text sits RADIUS + 35 under the centre; the 20 px pill must clear it.
        assertThat(at.y() - 10).isGreaterThan(260 + AgentNode.RADIUS + 35 + 8);
    }

    @Test
    void theGapUnderTheTeamScalesWithTheZoom() {
        Point near = TeamLabel.under(List.of(new Point(0, 0)), 2);
        Point far = TeamLabel.under(List.of(new Point(0, 0)), 0.5);

        assertThat(near.y()).isEqualTo(4 * far.y());
    }

    @Test
    void aTeamOfNoAgentsHasNoPlaceForALabel() {
        assertThatThrownBy(() -> TeamLabel.under(List.of(), 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
