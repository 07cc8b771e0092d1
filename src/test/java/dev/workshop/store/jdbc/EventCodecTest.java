package dev.workshop.store.jdbc;

import dev.workshop.store.EventCodec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent;
import org.junit.jupiter.api.Test;

/** The JSON bodies of the tables' event rows (what PostgreSQL stores, and H2 when the journal lacks an event). */
class EventCodecTest {
    private final EventCodec codec = new EventCodec();

    @Test
    void bringsBackEveryKindOfEventExactly() {
        for (ConversationEvent event : JournalRecordsTest.everyKindOfEvent()) {
            assertThat(codec.event(EventCodec.typeOf(event), codec.body(event))).as(EventCodec.typeOf(event))
                    .isEqualTo(event);
        }
    }
}
