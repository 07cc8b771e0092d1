package dev.workshop.domain.conversation;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TenantIdTest {
    @ParameterizedTest
    @ValueSource(strings = {"local", "design-team", "Team_2", "a.b", "0", "-x", "_"})
    void lettersDigitsDotsDashesAndUnderscoresMakeATeamName(String name) {
        assertThatCode(() -> new TenantId(name)).doesNotThrowAnyException();
    }

    @Test
    void aNameMayHaveSixtyFourCharactersButNotMore() {
        assertThatCode(() -> new TenantId("t".repeat(64))).doesNotThrowAnyException();
        assertThatThrownBy(() -> new TenantId("t".repeat(65))).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".hidden", "two words", "a/b", "équipe", "tab\t", "../up"})
    void anythingElseIsRefusedWithTheRule(String name) {
        assertThatThrownBy(() -> new TenantId(name)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A team name has 1 to 64 letters, digits, '.', '-' or '_' and does not start with '.', was \""
                        + name + "\"");
    }
}
