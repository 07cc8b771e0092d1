package dev.workshop.domain.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CameraTest {
    @Test
    void zoomingKeepsTheWorldPointUnderTheCursorInPlace() {
        Camera camera = new Camera(100, 50, 1);
        Point underCursor = camera.toWorld(300, 200);

        Camera zoomed = camera.zoomedAt(2, 300, 200);

        assertThat(zoomed.zoom()).isEqualTo(2);
        Point after = zoomed.toScreen(underCursor);
        assertThat(after.x()).isCloseTo(300, within(1e-9));
        assertThat(after.y()).isCloseTo(200, within(1e-9));
    }

    @Test
    void zoomStaysBetweenATenthAndThreeTimes() {
        assertThat(Camera.DEFAULT.zoomedAt(100, 0, 0).zoom()).isEqualTo(Camera.MAX_ZOOM);
        assertThat(Camera.DEFAULT.zoomedAt(0.0001, 0, 0).zoom()).isEqualTo(Camera.MIN_ZOOM);
        assertThat(new Camera(0, 0, 7).zoom()).isEqualTo(3);
    }

    @Test
    void panningMovesTheWorldWithTheMouse() {
        Camera camera = new Camera(0, 0, 2);
        Point grabbed = camera.toWorld(10, 10);

        Camera panned = camera.pannedBy(40, -20);

        assertThat(panned.toScreen(grabbed)).isEqualTo(new Point(50, -10));
    }

    @Test
    void resetZoomKeepsTheCentreOfTheView() {
        Camera camera = new Camera(30, 40, 0.5);
        Point centre = camera.toWorld(400, 300);

        Camera reset = camera.resetZoom(800, 600);

        assertThat(reset.zoom()).isEqualTo(1);
        assertThat(reset.toWorld(400, 300)).isEqualTo(centre);
    }

    @Test
    void fittingShowsEveryPointAtMostAtFullSize() {
        Bounds bounds = Bounds.of(List.of(new Point(-500, 0), new Point(2500, 900)));

        Camera fitted = Camera.fitting(bounds, 1000, 700, 50);

        Bounds visible = fitted.visible(1000, 700);
        assertThat(visible.contains(new Point(-500, 0))).isTrue();
        assertThat(visible.contains(new Point(2500, 900))).isTrue();
        assertThat(fitted.zoom()).isLessThan(1);
        assertThat(Camera.fitting(Bounds.of(List.of(new Point(5, 5))), 1000, 700, 50).zoom()).isEqualTo(1);
        assertThat(Camera.fitting(Bounds.EMPTY, 1000, 700, 50)).isEqualTo(Camera.DEFAULT);
    }

    @Test
    void refusesNumbersThatAreNotFinite() {
        assertThatThrownBy(() -> new Camera(Double.NaN, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
