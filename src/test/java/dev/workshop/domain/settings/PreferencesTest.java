package dev.workshop.domain.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PreferencesTest {
    @Test
    void eachValueHasARangeThatTheMessageNames() {
        // The edges of each range are kept as given.
        assertThat(new Preferences(1, 1, 0)).extracting(Preferences::defaultMaxTurns, Preferences::concurrentConversations,
                Preferences::offlineReplyMillis).containsExactly(1, 1, 0L);
        assertThat(new Preferences(200, 50, 20_000)).extracting(Preferences::defaultMaxTurns,
                Preferences::concurrentConversations, Preferences::offlineReplyMillis).containsExactly(200, 50, 20_000L);
        assertThatThrownBy(() -> new Preferences(0, 3, 1800)).hasMessage("A conversation's turns are 1 to 200, not 0");
        assertThatThrownBy(() -> new Preferences(6, 51, 1800)).hasMessage("Conversations at once are 1 to 50, not 51");
        assertThatThrownBy(() -> new Preferences(6, 3, -1))
                .hasMessage("An offline reply takes 0 to 20 seconds, not -1 ms");
    }

    @Test
    void aLimitLoweredOrSetWhereThereWasNoneShortensTheRetentionAndIsAskedFirst() {
        Preferences now = new Preferences(6, 3, 0, 8, 30, 0);

        assertThat(now.retentionShortenedBy(new Preferences(6, 3, 0, 8, 20, 0))).as("abandoned sooner").isTrue();
        assertThat(now.retentionShortenedBy(new Preferences(6, 3, 0, 8, 30, 365))).as("purged at all").isTrue();
        assertThat(now.retentionShortenedBy(new Preferences(6, 3, 0, 8, 60, 0))).as("kept longer").isFalse();
        assertThat(now.retentionShortenedBy(new Preferences(6, 3, 0, 8, 0, 0))).as("switched off").isFalse();
        assertThat(now.retention().purgeEndedAfter()).isEmpty();
        assertThat(new Preferences(6, 3, 0, 8, 30, 90).retention().purgeEndedAfter())
                .contains(java.time.Duration.ofDays(90));
    }
}
