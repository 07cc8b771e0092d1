package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.Usage;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class UsageTextTest {
    private static final UsageText ENGLISH = UsageText.in(Locale.UK);

    private static MessageItem message(Usage usage) {
        return new MessageItem(0, new AgentId("ada"), "Ada", "#0969da", "Hello", Instant.EPOCH, null, false, false, usage);
    }

    @Test
    void besideAMessageTheReplysTokensAndTime() {
        assertThat(ENGLISH.brief(new Usage(1200, 86, 2_400, "gpt-4o-mini"))).isEqualTo("86 tokens · 2.4 s");
        assertThat(ENGLISH.brief(new Usage(10, 1, 380, "m"))).isEqualTo("1 token · 0.4 s");
        assertThat(ENGLISH.brief(new Usage(-1, -1, 2_400, "m"))).as("tokens not reported").isEqualTo("2.4 s");
        assertThat(ENGLISH.brief(new Usage(10, 1_500, 0, "m"))).isEqualTo("1,500 tokens");
        assertThat(ENGLISH.brief(Usage.NONE)).as("the user's own message").isEmpty();
    }

    @Test
    void onHoverTheModelTheTokensEachWayAndTheSpeed() {
        assertThat(ENGLISH.details(new Usage(1_234, 86, 2_000, "gpt-4o-mini"))).containsExactly(
                "Model: gpt-4o-mini", "Tokens: 1,234 in the prompt, 86 in the reply", "Answered in 2.0 s (43 tokens/s)");
        assertThat(ENGLISH.details(new Usage(-1, 40, 0, ""))).containsExactly("Tokens: 40 in the reply");
        assertThat(ENGLISH.details(new Usage(-1, -1, 65_000, "m"))).containsExactly("Model: m", "Answered in 1 min 5 s");
        assertThat(ENGLISH.details(Usage.NONE)).isEmpty();
    }

    @Test
    void aConversationsTotalsCountOnlyTheRepliesThatReportedACost() {
        List<MessageItem> messages = List.of(
                message(new Usage(1_000, 300, 12_000, "gpt-4o-mini")),
                message(Usage.NONE),
                message(new Usage(2_500, 200, 30_600, "llama3.2")));

        assertThat(ENGLISH.totals(messages))
                .isEqualTo("2 replies · 3,500 tokens in, 500 out · 43 s answering\nModels: gpt-4o-mini, llama3.2");
        assertThat(ENGLISH.totals(List.of(message(Usage.NONE)))).isEmpty();
        assertThat(ENGLISH.totals(List.of(message(new Usage(5, 2, 0, "")))))
                .isEqualTo("1 reply · 5 tokens in, 2 out");
    }

    @Test
    void numbersAreWrittenAsTheMachinesLanguageWritesThem() {
        UsageText german = UsageText.in(Locale.GERMANY);
        assertThat(german.brief(new Usage(10, 1_500, 2_400, "m"))).isEqualTo("1.500 tokens · 2,4 s");
        assertThat(ENGLISH.seconds(9_940)).isEqualTo("9.9 s");
        assertThat(ENGLISH.seconds(9_960)).isEqualTo("10 s");
        assertThat(ENGLISH.seconds(125_000)).isEqualTo("2 min 5 s");
    }
}
