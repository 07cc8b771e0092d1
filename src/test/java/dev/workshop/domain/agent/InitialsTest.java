package dev.workshop.domain.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InitialsTest {
    @Test
    void twoWordsGiveTheirFirstLettersAndOneWordItsFirstTwo() {
        assertThat(Initials.of("Ada Lovelace")).isEqualTo("AL");
        assertThat(Initials.of("ada")).isEqualTo("AD");
        assertThat(Initials.of("  Émile   zola  the third")).isEqualTo("ÉZ");
        assertThat(Initials.of("X")).isEqualTo("X");
    }
}
