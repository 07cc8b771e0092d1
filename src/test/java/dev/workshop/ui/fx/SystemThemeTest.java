package dev.workshop.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How each desktop's answer is read; the answers are the tools' real output. */
class SystemThemeTest {
    @Test
    void gnomeSaysDarkInItsColourSchemeAndOlderDesktopsInTheGtkThemeName() {
        assertThat(SystemTheme.linuxPrefersDark("'prefer-dark'\n", "", "")).isTrue();
        assertThat(SystemTheme.linuxPrefersDark("'prefer-light'\n", "'Adwaita-dark'\n", "")).isFalse();
        assertThat(SystemTheme.linuxPrefersDark("'default'\n", "'Yaru-dark'\n", "")).isTrue();
        assertThat(SystemTheme.linuxPrefersDark("'default'\n", "'Adwaita'\n", "")).isFalse();
        assertThat(SystemTheme.linuxPrefersDark("", "", "")).as("no desktop to ask").isFalse();
    }

    @Test
    void theGtkThemeVariableOverridesTheSettings() {
        assertThat(SystemTheme.linuxPrefersDark("'prefer-light'", "'Adwaita'", "Adwaita:dark")).isTrue();
        assertThat(SystemTheme.linuxPrefersDark("'prefer-dark'", "", "Adwaita")).isFalse();
    }

    @Test
    void macOsNamesDarkModeAndIsSilentInLightMode() {
        assertThat(SystemTheme.macPrefersDark("Dark\n")).isTrue();
        assertThat(SystemTheme.macPrefersDark("")).isFalse();
    }

    @Test
    void windowsSaysWhetherAppsUseTheLightTheme() {
        String dark = "\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\r\n"
                + "    AppsUseLightTheme    REG_DWORD    0x0\r\n\r\n";
        assertThat(SystemTheme.windowsPrefersDark(dark)).isTrue();
        assertThat(SystemTheme.windowsPrefersDark(dark.replace("0x0", "0x1"))).isFalse();
        assertThat(SystemTheme.windowsPrefersDark("")).isFalse();
    }

}
