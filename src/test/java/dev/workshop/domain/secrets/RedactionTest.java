package dev.workshop.domain.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Passwords given inside addresses, hidden wherever Workshop writes the address. */
class RedactionTest {
    private static final String CANARY = "c4nary-Pw-7f3e";

    @Test
    void aPasswordBeforeTheHostIsHiddenAndTheRestOfTheAddressStays() {
        assertThat(Redaction.passwordsHidden("Cannot reach https://kim:" + CANARY + "@127.0.0.1:56990/x.git: refused"))
                .isEqualTo("Cannot reach https://kim:***@127.0.0.1:56990/x.git: refused");
        assertThat(Redaction.passwordsHidden("jdbc:postgresql://kim:" + CANARY + "@db.example/team"))
                .isEqualTo("jdbc:postgresql://kim:***@db.example/team");
        assertThat(Redaction.passwordsHidden("ssh://git:" + CANARY + "@host/repo and https://a:" + CANARY + "@b/c"))
                .isEqualTo("ssh://git:***@host/repo and https://a:***@b/c");
    }

    @Test
    void aPasswordWithCharactersAnAddressShouldHaveEscapedIsHiddenWhole() {
        assertThat(Redaction.passwordsHidden("https://kim:se/cr@t@host/x")).doesNotContain("se/cr").doesNotContain("t@host")
                .startsWith("https://kim:***@");
        assertThat(Redaction.passwordsHidden("postgresql://kim:a:b:c@host/db")).isEqualTo("postgresql://kim:***@host/db");
    }

    @Test
    void aJsonLineKeepsItsShapeWhereAnAddressInOneFieldIsHidden() {
        String line = "{\"remote\":\"https://kim:" + CANARY + "@h/x.git\",\"reason\":\"mail kim@example.org\"}";
        assertThat(Redaction.passwordsHidden(line))
                .isEqualTo("{\"remote\":\"https://kim:***@h/x.git\",\"reason\":\"mail kim@example.org\"}");
    }

    @Test
    void aPasswordParameterIsHidden() {
        assertThat(Redaction.passwordsHidden("jdbc:postgresql://h/db?user=kim&password=" + CANARY + "&ssl=true"))
                .isEqualTo("jdbc:postgresql://h/db?user=kim&password=***&ssl=true");
        assertThat(Redaction.passwordsHidden("jdbc:postgresql://h/db?PASSWORD=" + CANARY))
                .isEqualTo("jdbc:postgresql://h/db?PASSWORD=***");
    }

    @Test
    void textWithoutAPasswordIsLeftAsItWas() {
        String[] untouched = {"https://host:8080/path", "kim@example.org wrote", "ssh://git@host/repo",
                "git@github.com:team/repo.git", "Turn 3 of 6: 86 tokens", ""};
        for (String text : untouched) {
            assertThat(Redaction.passwordsHidden(text)).isSameAs(text);
        }
        assertThat(Redaction.passwordsHidden(null)).isNull();
    }
}
