package dev.workshop.domain.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlacementTest {
    @Test
    void placesARowNextToEachOtherOnEmptySpace() {
        List<Point> spots = Placement.freeSpots(List.of(), new Point(100, 100), 3);

        assertThat(spots).containsExactly(new Point(100, 100), new Point(240, 100), new Point(380, 100));
    }

    @Test
    void keepsClearOfEveryAgentAlreadyThereAndStaysClose() {
        List<Point> occupied = new ArrayList<>();
        for (int x = 0; x < 5; x++) {
            for (int y = 0; y < 5; y++) {
                occupied.add(new Point(x * Placement.SPACING, y * Placement.SPACING));
            }
        }

        List<Point> spots = Placement.freeSpots(occupied, new Point(280, 280), 2);

        assertThat(spots).hasSize(2);
        for (Point spot : spots) {
            assertThat(occupied).allSatisfy(taken -> assertThat(taken.distanceTo(spot))
                    .isGreaterThanOrEqualTo(Placement.SPACING * 0.9));
            assertThat(spot.distanceTo(new Point(280, 280))).isLessThan(Placement.SPACING * 6);
        }
        assertThat(spots.get(0).distanceTo(spots.get(1))).isEqualTo(Placement.SPACING);
    }
}
