package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A failed turn's reason in brief: hosts, not API paths; no advice meant for the command line. */
class FailureTextTest {
    @Test
    void anAddressIsShortenedToItsHostAndTheCommandLinesAdviceIsDropped() {
        assertThat(FailureText.brief("Ada: http://localhost:11434/v1/chat/completions refused the connection (is the"
                + " server running?) (gave up after 4 attempts; resume the conversation once localhost answers again)"))
                .isEqualTo("Ada: localhost:11434 refused the connection (is the server running?)");
        assertThat(FailureText.brief("Ada: https://api.example.org/v1/chat/completions did not answer within 60 s"))
                .isEqualTo("Ada: api.example.org did not answer within 60 s");
    }

    @Test
    void aReasonWithoutAnAddressIsKeptAsItIs() {
        assertThat(FailureText.brief("Model llama9 was not found (HTTP 404)")).isEqualTo("Model llama9 was not found (HTTP 404)");
        assertThat(FailureText.brief("")).isEmpty();
    }
}
