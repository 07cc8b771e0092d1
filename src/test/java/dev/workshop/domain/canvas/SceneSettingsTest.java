package dev.workshop.domain.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SceneSettingsTest {
    @Test
    void withoutSnappingAPointLandsWhereItIsPut() {
        assertThat(SceneSettings.DEFAULTS.placed(new Point(55.5, -13))).isEqualTo(new Point(55.5, -13));
    }

    @Test
    void withSnappingAPointLandsOnTheNearestGridPoint() {
        SceneSettings snapping = SceneSettings.DEFAULTS.withSnapToGrid(true);

        assertThat(snapping.placed(new Point(55, 61))).isEqualTo(new Point(40, 80));
        assertThat(snapping.placed(new Point(-59, -21))).isEqualTo(new Point(-40, -40));
        assertThat(snapping.placed(new Point(80, 0))).isEqualTo(new Point(80, 0));
    }

    @Test
    void theSystemThemeIsDarkOnlyWhenTheSystemIs() {
        assertThat(SceneSettings.Theme.SYSTEM.isDark(true)).isTrue();
        assertThat(SceneSettings.Theme.SYSTEM.isDark(false)).isFalse();
        assertThat(SceneSettings.Theme.DARK.isDark(false)).isTrue();
        assertThat(SceneSettings.Theme.LIGHT.isDark(true)).isFalse();
    }

    @Test
    void eachWithChangesOneSettingAndKeepsTheRest() {
        SceneSettings settings = new SceneSettings(SceneSettings.Theme.DARK, 9, false, false)
                .withSnapToGrid(true).withMinimap(true).withTheme(SceneSettings.Theme.LIGHT);

        assertThat(settings).isEqualTo(new SceneSettings(SceneSettings.Theme.LIGHT, 9, true, true));
        assertThat(SceneSettings.DEFAULTS.theme()).isEqualTo(SceneSettings.Theme.SYSTEM);
        assertThatThrownBy(() -> new SceneSettings(null, 6)).hasMessageContaining("theme");
    }
}
