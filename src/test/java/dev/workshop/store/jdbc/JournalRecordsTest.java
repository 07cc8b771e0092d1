package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.store.EventCodec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.Provenance;
import dev.workshop.store.Conversations;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class JournalRecordsTest {
    private static final TenantId TEAM = new TenantId("design-team");
    private static final ConversationId ID = new ConversationId("conversation-ü-1");
    private static final Instant AT = Instant.parse("2026-11-22T10:15:30.123Z");

    private final EventCodec json = new EventCodec();
    private final JournalRecords records = new JournalRecords(json);

    static List<ConversationEvent> everyKindOfEvent() {
        Participant rita = new Participant(new AgentId("agent-rita"), "Rita");
        List<ConversationEvent> every = new ArrayList<>(conversationEvents(rita));
        every.add(new MessageRecorded(5, rita.agentId(), "Rita", "Two things", Usage.NONE, "Rita").withActions(List.of(
                Action.of(ActionType.PIN, java.util.Map.of("text", "Grüße — ship on Friday")),
                Action.of(ActionType.SEND, java.util.Map.of("to", "Ada", "text", "Numbers are in")))));
        every.add(new ConversationEvent.ActionsTaken(6, 2, List.of(Action.of(ActionType.VOTE_UP,
                java.util.Map.of("pin", "P3")))));
        for (dev.workshop.domain.tool.OutsideStep step : List.of(
                new dev.workshop.domain.tool.OutsideStep.Asked("call_0", "agent-rita", "files", "write_file",
                        "{\"path\":\"notes/ü.md\"}", new dev.workshop.domain.tool.ToolHints(true, false, true), true),
                new dev.workshop.domain.tool.OutsideStep.Asked("call_1", "", "web", "fetch", "{}",
                        dev.workshop.domain.tool.ToolHints.NONE, false),
                new dev.workshop.domain.tool.OutsideStep.Decided(true, "rita", "{\"path\":\"b\"}", "- a\n+ b", ""),
                new dev.workshop.domain.tool.OutsideStep.Decided(false, "rita", "{}", "", "not that folder"),
                new dev.workshop.domain.tool.OutsideStep.Sent(),
                new dev.workshop.domain.tool.OutsideStep.Answered("Grüße 🎉", false),
                new dev.workshop.domain.tool.OutsideStep.Answered("Error: gone", true),
                new dev.workshop.domain.tool.OutsideStep.Settled(dev.workshop.domain.tool.Settlement.DID_NOT_RUN, "rita"))) {
            every.add(new ConversationEvent.OutsideCallStep(6, 3, step));
        }
        Actor ada = new Actor("agent-ada", "Ada");
        Provenance turn = Provenance.of("37ea3562-3bfb-4d60-87b0-6218f287ddfe", 4, 1);
        for (ElementEvent change : List.of(new ElementEvent.Created(ElementKind.PINBOARD, "Plans ü", null),
                new ElementEvent.Created(ElementKind.INBOX, "Ada", "agent-ada"), new ElementEvent.Posted("Grüße 🎉"),
                new ElementEvent.Pinned("Ship"), new ElementEvent.Voted("P1", 1), new ElementEvent.Voted("P1", -1),
                new ElementEvent.Commented("P2", "Too early"), new ElementEvent.Kept("P3"),
                new ElementEvent.Released("P3"), new ElementEvent.Sent("Rent is due"), new ElementEvent.Read(7),
                new ElementEvent.RulesWritten(""), new ElementEvent.RulesWritten("Be brief.\nName a number."),
                new ElementEvent.Noted("Bruno doubts the rent"), new ElementEvent.Forgot(2),
                new ElementEvent.BlockWritten("persona", "Careful; counts in euros", 200),
                new ElementEvent.BlockRemoved("persona"), new ElementEvent.Summarised("Ada pinned two plans"),
                new ElementEvent.Refused("keep", "Pin P1 was taken down"), new ElementEvent.Erased("pin"))) {
            every.add(new ConversationEvent.ElementChanged(ada, turn, change));
            every.add(new ConversationEvent.ElementChanged(ada, Provenance.erased(), change));
            every.add(new ConversationEvent.ElementChanged(Actor.USER, Provenance.byHand(), change));
        }
        return every;
    }

    private static List<ConversationEvent> conversationEvents(Participant rita) {
        return List.of(
                new ConversationStarted(ConversationKind.CONVERSATION, List.of(Conversations.ADA, rita),
                        "Plan a picnic — for 12 people, près de la rivière", 8),
                new ConversationStarted(ConversationKind.TASK, List.of(rita), null, 0),
                new TurnStarted(0, Conversations.ADA.agentId(), false),
                new TurnStarted(1, rita.agentId(), true),
                new MessageRecorded(0, Conversations.ADA.agentId(), "Ada", "Plain ASCII text"),
                new MessageRecorded(1, rita.agentId(), "Rita", "Grüße aus 東京 🎉\nsecond line",
                        new Usage(120, 45, 830, "gpt-4o-mini"), "Rita (Reviewer)"),
                new MessageRecorded(2, Conversations.ADA.agentId(), "Ada", ""),
                new ResumeStarted(2),
                new ResumeStarted(3, ResumeCause.USER),
                new ResumeStarted(4, ResumeCause.TAKEOVER),
                new ConversationEvent.Marked(dev.workshop.domain.conversation.Mark.STARRED, true),
                new ConversationEvent.Marked(dev.workshop.domain.conversation.Mark.LEGAL_HOLD, false),
                new ResumeStarted(4, ResumeCause.RETRY),
                new FollowUpStarted(2, 12, "{\"prompts\":[\"Plan a picnic\"]}"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.ENDPOINT_UNREACHABLE, "The gateway timed out"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""),
                new ConversationEvent.Renamed("Picnic — près de la rivière"),
                new ConversationEvent.Renamed(""),
                new ConversationEvent.Deleted(),
                new ConversationEvent.Undeleted(),
                new ConversationEvent.ReplyChunk(3, "Grüße — half a rep"),
                new ConversationEvent.Forked(new ConversationId("37ea3562-3bfb-4d60-87b0-6218f287ddfe"), 2),
                new ConversationEvent.Imported("Name a cat — 8f1c.json"));
    }

    @Test
    void bringsBackEveryKindOfEventExactly() {
        List<ConversationEvent> events = everyKindOfEvent();
        JournalRecords.Decoder decoder = records.decoder(TEAM, ID);
        for (int i = 0; i < events.size(); i++) {
            RecordedEvent written = new RecordedEvent(TEAM, ID, i + 1, AT, events.get(i));
            byte[] record = records.encode(written);

            assertThat(records.decodeAll(record)).containsExactly(written);
            List<RecordedEvent> read = new ArrayList<>();
            decoder.decodeInto(record, 0, record.length, read);
            assertThat(read).containsExactly(written);
            assertThat(JournalRecords.envelope(record)).isEqualTo(new JournalRecords.Envelope(TEAM.value(), ID.value(), i + 1, 1));
        }
    }

    @Test
    void keepsTheEventsOfOneAppendInOneRecord() {
        List<ConversationEvent> events = everyKindOfEvent();
        List<RecordedEvent> written = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            written.add(new RecordedEvent(TEAM, ID, 5 + i, AT.plusMillis(i), events.get(i)));
        }

        byte[] record = records.encode(written);

        assertThat(record[0]).isEqualTo((byte) JournalRecords.BINARY_APPEND);
        assertThat(records.decodeAll(record)).isEqualTo(written);
        List<RecordedEvent> read = new ArrayList<>();
        records.decoder(TEAM, ID).decodeInto(record, 0, record.length, read);
        assertThat(read).isEqualTo(written);
        assertThat(JournalRecords.envelope(record))
                .isEqualTo(new JournalRecords.Envelope(TEAM.value(), ID.value(), 5, events.size()));
        assertThatThrownBy(() -> records.decodeAll(Arrays.copyOf(record, record.length / 2)))
                .hasMessageContaining("the record ends in the middle of a field");
    }

    /**
     * A history's decoder keeps texts and times that repeat from record to record; more distinct models than it
     * keeps, and times that repeat, go back and forth, and each record must still read as it was written.
     */
    @Test
    void oneDecoderReadsAHistoryWhoseModelsAndTimesComeAndGo() {
        JournalRecords.Decoder decoder = records.decoder(TEAM, ID);
        List<RecordedEvent> written = new ArrayList<>();
        List<RecordedEvent> read = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String model = i % 3 == 0 ? "local-model" : "model-" + (i * 7 % 20);
            Instant at = AT.plusMillis(i / 4 * 2 - i % 2);
            MessageRecorded message = new MessageRecorded(i, Conversations.ADA.agentId(), "Ada", "Message " + i,
                    i % 5 == 0 ? Usage.NONE : new Usage(i, i + 1, i * 10L, model));
            RecordedEvent event = new RecordedEvent(TEAM, ID, i + 1, at, message);
            written.add(event);
            byte[] record = records.encode(event);
            decoder.decodeInto(record, 0, record.length, read);
        }

        assertThat(read).isEqualTo(written);
    }

    @Test
    void readsARecordInsideALargerArray() {
        byte[] record = records.encode(new RecordedEvent(TEAM, ID, 7, AT, Conversations.message(3)));
        byte[] surrounded = new byte[record.length + 40];
        System.arraycopy(record, 0, surrounded, 17, record.length);
        Arrays.fill(surrounded, 0, 17, (byte) 0x7f);

        List<RecordedEvent> read = new ArrayList<>();
        records.decoder(TEAM, ID).decodeInto(surrounded, 17, record.length, read);

        assertThat(read).singleElement().satisfies(event -> {
            assertThat(event.seq()).isEqualTo(7);
            assertThat(event.event()).isEqualTo(Conversations.message(3));
        });
    }

    @Test
    void stillReadsTheFirstFormatWithItsJsonBody() throws IOException {
        for (ConversationEvent event : everyKindOfEvent()) {
            RecordedEvent written = new RecordedEvent(TEAM, ID, 3, AT, event);
            byte[] formatOne = formatOneRecord(written);

            assertThat(records.decodeAll(formatOne)).containsExactly(written);
            List<RecordedEvent> read = new ArrayList<>();
            records.decoder(TEAM, ID).decodeInto(formatOne, 0, formatOne.length, read);
            assertThat(read).containsExactly(written);
            assertThat(JournalRecords.envelope(formatOne).conversation()).isEqualTo(ID.value());
        }
    }

    @Test
    void aResumeAfterARestartIsWrittenAsBeforeSoOlderVersionsStillReadIt() {
        byte[] restart = records.encode(new RecordedEvent(TEAM, ID, 3, AT, new ResumeStarted(2)));
        byte[] retry = records.encode(new RecordedEvent(TEAM, ID, 3, AT, new ResumeStarted(2, ResumeCause.RETRY)));

        // The same envelope, then the event: type code 4 and the attempt, nothing more, as before causes.
        int restartType = restart.length - 4 - 1;
        assertThat(restart[restartType]).isEqualTo((byte) 4);
        assertThat(retry.length).isGreaterThan(restart.length);
        assertThat(json.body(new ResumeStarted(2))).isEqualTo("{\"attempt\":2}");
        assertThat(json.event("resume_started", "{\"attempt\":2}"))
                .isEqualTo(new ResumeStarted(2, ResumeCause.RESTART));
        assertThat(json.body(new ResumeStarted(2, ResumeCause.USER))).isEqualTo("{\"attempt\":2,\"cause\":\"resume\"}");
    }

    /** A record as Workshop wrote it before the binary form: a DataOutput envelope, then the JSON body. */
    private byte[] formatOneRecord(RecordedEvent recorded) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(1);
        out.writeUTF(recorded.tenantId().value());
        out.writeUTF(recorded.conversationId().value());
        out.writeLong(recorded.seq());
        out.writeLong(recorded.recordedAt().toEpochMilli());
        out.writeUTF(EventCodec.typeOf(recorded.event()));
        out.write(json.body(recorded.event()).getBytes(StandardCharsets.UTF_8));
        return bytes.toByteArray();
    }

    @Test
    void saysWhereARecordIsCutShort() {
        byte[] record = records.encode(new RecordedEvent(TEAM, ID, 1, AT, Conversations.message(0)));
        byte[] cut = Arrays.copyOf(record, record.length - 5);

        assertThatThrownBy(() -> records.decodeAll(cut))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the record ends in the middle of a field");
    }

    @Test
    void refusesAFormatItDoesNotKnow() {
        byte[] record = records.encode(new RecordedEvent(TEAM, ID, 1, AT, Conversations.message(0)));
        record[0] = 9;

        assertThatThrownBy(() -> records.decodeAll(record))
                .hasMessage("journal record format 9 is unknown to this Workshop");
    }

    @Test
    void refusesAnotherConversationsRecordWhenReadingAHistory() {
        ConversationId other = new ConversationId("someone-else");
        byte[] record = records.encode(new RecordedEvent(TEAM, other, 1, AT, Conversations.message(0)));

        assertThatThrownBy(() -> records.decoder(TEAM, ID).decodeInto(record, 0, record.length, new ArrayList<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("it belongs to conversation someone-else of team design-team, not " + ID + " of design-team");
    }
}
