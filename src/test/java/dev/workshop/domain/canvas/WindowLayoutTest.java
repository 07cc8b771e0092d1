package dev.workshop.domain.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WindowLayoutTest {
    @Test
    void aWindowSmallerThanTheAppAllowsIsNotRemembered() {
        assertThat(new WindowLayout(new Bounds(10, 10, 300, 200), false, 0.5, 0.5).windowBounds()).isEmpty();
        assertThat(new WindowLayout(new Bounds(10, 20, 1010, 720), false, 0.5, 0.5).windowBounds())
                .contains(new Bounds(10, 20, 1010, 720));
    }

    @Test
    void aDividerAtAnEdgeIsBroughtBackSoNoPaneStaysHidden() {
        WindowLayout layout = new WindowLayout(Bounds.EMPTY, true, 0.999, -3);

        assertThat(layout.sidebarDivider()).isEqualTo(0.9);
        assertThat(layout.listDivider()).isEqualTo(0.1);
        assertThat(layout.maximized()).isTrue();
    }

    @Test
    void numbersThatAreNotNumbersFallBackToTheDefaults() {
        WindowLayout layout = new WindowLayout(new Bounds(Double.NaN, 0, Double.NaN, 900), false, Double.NaN,
                Double.POSITIVE_INFINITY);

        assertThat(layout).isEqualTo(WindowLayout.DEFAULT);
    }
}
