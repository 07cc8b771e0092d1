package dev.workshop.domain.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MinimapProjectionTest {
    private static final double WIDTH = 200;
    private static final double HEIGHT = 130;

    @Test
    void everyAgentAndTheWholeViewFitInsideTheMap() {
        Bounds agents = Bounds.of(List.of(new Point(-1500, -200), new Point(2400, 900)));
        Bounds view = new Bounds(0, 0, 800, 600);

        MinimapProjection projection = MinimapProjection.fitting(agents, view, WIDTH, HEIGHT);

        for (Point corner : List.of(new Point(-1500, -200), new Point(2400, 900), new Point(800, 600))) {
            Point onMap = projection.toMap(corner);
            assertThat(onMap.x()).isBetween(0.0, WIDTH);
            assertThat(onMap.y()).isBetween(0.0, HEIGHT);
        }
    }

    @Test
    void theWorldIsScaledEvenlyAndCentred() {
        Bounds view = new Bounds(0, 0, 1000, 100);

        MinimapProjection projection = MinimapProjection.fitting(Bounds.EMPTY, view, WIDTH, HEIGHT);

        // The view plus its margin is 1160 wide: the width decides the scale, and the height is centred.
        assertThat(projection.scale()).isCloseTo(WIDTH / 1160, within(1e-9));
        Point middle = projection.toMap(new Point(500, 50));
        assertThat(middle.x()).isCloseTo(WIDTH / 2, within(1e-9));
        assertThat(middle.y()).isCloseTo(HEIGHT / 2, within(1e-9));
    }

    @Test
    void aPointOnTheMapLeadsBackToTheWorldPointDrawnThere() {
        MinimapProjection projection = MinimapProjection.fitting(Bounds.of(List.of(new Point(300, -700))),
                new Bounds(-200, -100, 600, 500), WIDTH, HEIGHT);
        Point world = new Point(123.5, -456.25);

        Point onMap = projection.toMap(world);

        Point back = projection.toWorld(onMap.x(), onMap.y());
        assertThat(back.x()).isCloseTo(world.x(), within(1e-9));
        assertThat(back.y()).isCloseTo(world.y(), within(1e-9));
    }
}
