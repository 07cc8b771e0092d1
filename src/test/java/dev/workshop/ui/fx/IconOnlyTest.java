package dev.workshop.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IconOnlyTest {
    @Test
    void theNameIsTheTipWithoutItsDetail() {
        assertThat(IconOnly.nameOf("Undo (Ctrl+Z)")).isEqualTo("Undo");
        assertThat(IconOnly.nameOf("Settings: turns, conversations at once, offline reply time")).isEqualTo("Settings");
        assertThat(IconOnly.nameOf("Import a conversation (a JSON export or snapshot, older formats too); it comes back"
                + " paused until you continue it")).isEqualTo("Import a conversation");
        assertThat(IconOnly.nameOf("Recently deleted: bring back a conversation (or several)")).isEqualTo("Recently deleted");
        assertThat(IconOnly.nameOf("Theme")).isEqualTo("Theme");
    }
}
