package dev.workshop.store.jdbc;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.LegacyReasons;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.store.EventCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An event as one journal record: an envelope (format, team, conversation, seq, time) and the event's fields.
 * Format 2 writes the fields in binary, so that reading a long history back needs no JSON parser: in a fresh
 * JVM, starting Jackson alone costs hundreds of milliseconds, more than the whole restore may take (see
 * docs/decisions/0007). Format 1, the envelope around the event's JSON body, was written before and is still
 * read. Format 3 holds the several events of one append (see {@link #encode(List)}). The envelope (format,
 * team, conversation) is the same in all, so the open-time scan reads it without decoding the events.
 */
final class JournalRecords {
    static final int JSON_BODY = 1;
    static final int BINARY = 2;
    static final int BINARY_APPEND = 3;

    private static final byte CONVERSATION_STARTED = 1;
    private static final byte TURN_STARTED = 2;
    private static final byte MESSAGE_RECORDED = 3;
    private static final byte RESUME_STARTED = 4;
    private static final byte FOLLOW_UP_STARTED = 5;
    private static final byte STATUS_CHANGED = 6;
    private static final byte RENAMED = 7;
    private static final byte DELETED = 8;
    /** A resume with a cause other than a restart; a restart keeps code 4, which every version reads. */
    private static final byte RESUME_STARTED_BY = 9;
    private static final byte UNDELETED = 10;
    private static final byte REPLY_CHUNK = 11;
    private static final byte FORKED = 12;
    private static final byte LOST = 13;
    /** A message cut at the token limit: laid out as {@link #MESSAGE_RECORDED}, which older versions read. */
    private static final byte MESSAGE_CUT_AT_LIMIT = 14;
    private static final byte IMPORTED = 15;
    /** A status change with its cause; {@link #STATUS_CHANGED}, without one, is what versions before causes wrote. */
    private static final byte STATUS_CHANGED_BECAUSE = 16;
    // 17 and 18 (an element's change and a message that acts, as JSON bodies) were written only by builds never
    // released: not reused.
    /** A change of an element, in binary ({@link ElementRecords}): an element's history is all of them. */
    private static final byte ELEMENT_CHANGED = 19;
    /** The actions of a turn's tool calls, as their JSON body (rare: a history of plain turns needs no parser). */
    private static final byte ACTIONS_TAKEN = 20;
    /** A step of an outside tool call, as its JSON body: rare beside messages, so not worth a binary layout. */
    private static final byte OUTSIDE_CALL = 22;
    /** A message that asks for actions, in binary: a plain message's fields, its cut flag, then its actions. */
    private static final byte MESSAGE_ACTING = 21;
    /** A mark put on or taken off: its wire name, then 1 for on. */
    private static final byte MARKED = 23;

    /** Who a record belongs to and which events it holds ({@code count} from {@code seq}), read without decoding them. */
    record Envelope(String tenant, String conversation, long seq, int count) {
    }

    private final EventCodec json;

    JournalRecords(EventCodec json) {
        this.json = json;
    }

    byte[] encode(RecordedEvent recorded) {
        return encode(List.of(recorded));
    }

    /**
     * One record for the events of one append, all of one conversation: one event in format 2, several in
     * format 3. An append is thereby a single record under a single checksum, so a write cut short by a crash
     * leaves all of it or none of it, never its first events alone.
     */
    byte[] encode(List<RecordedEvent> events) {
        RecordedEvent first = events.getFirst();
        RecordWriter out = new RecordWriter(160 * events.size());
        out.int8(events.size() == 1 ? BINARY : BINARY_APPEND);
        out.text(first.tenantId().value());
        out.text(first.conversationId().value());
        if (events.size() > 1) {
            out.int32(events.size());
        }
        for (RecordedEvent recorded : events) {
            if (!recorded.tenantId().equals(first.tenantId()) || !recorded.conversationId().equals(first.conversationId())) {
                throw new IllegalArgumentException("One record holds the events of one conversation");
            }
            out.int64(recorded.seq());
            out.int64(recorded.recordedAt().toEpochMilli());
            writeEvent(out, recorded.event());
        }
        return out.bytes();
    }

    private void writeEvent(RecordWriter out, ConversationEvent event) {
        switch (event) {
            case ConversationStarted started -> {
                out.int8(CONVERSATION_STARTED);
                out.text(started.kind().wireName());
                out.int32(started.participants().size());
                for (Participant participant : started.participants()) {
                    out.text(participant.agentId().value());
                    out.text(participant.name());
                }
                out.text(started.taskPrompt());
                out.int32(started.maxTurns());
            }
            case TurnStarted turn -> {
                out.int8(TURN_STARTED);
                out.int32(turn.turnIndex());
                out.text(turn.speakerId().value());
                out.int8(turn.resumed() ? 1 : 0);
            }
            case MessageRecorded message when !message.actions().isEmpty() -> {
                // As a plain message, then whether it was cut at the token limit, then its actions.
                out.int8(MESSAGE_ACTING);
                writeMessage(out, message);
                out.int8(message.usage().cutAtTokenLimit() ? 1 : 0);
                ElementRecords.writeActions(out, message.actions());
            }
            case ConversationEvent.ActionsTaken taken -> {
                out.int8(ACTIONS_TAKEN);
                out.text(json.body(taken));
            }
            case ConversationEvent.OutsideCallStep call -> {
                out.int8(OUTSIDE_CALL);
                out.text(json.body(call));
            }
            case ConversationEvent.ElementChanged changed -> {
                out.int8(ELEMENT_CHANGED);
                ElementRecords.write(out, changed);
            }
            case MessageRecorded message -> {
                out.int8(message.usage().cutAtTokenLimit() ? MESSAGE_CUT_AT_LIMIT : MESSAGE_RECORDED);
                writeMessage(out, message);
            }
            case ResumeStarted resume -> {
                boolean restart = resume.cause() == ResumeCause.RESTART;
                out.int8(restart ? RESUME_STARTED : RESUME_STARTED_BY);
                out.int32(resume.attempt());
                if (!restart) {
                    out.text(resume.cause().wireName());
                }
            }
            case FollowUpStarted followUp -> {
                out.int8(FOLLOW_UP_STARTED);
                out.int32(followUp.turnNumber());
                out.int32(followUp.maxTurns());
                out.text(followUp.context());
            }
            case StatusChanged change -> {
                out.int8(STATUS_CHANGED_BECAUSE);
                out.text(change.status().wireName());
                out.text(change.cause().wireName());
                out.text(change.reason());
            }
            case Renamed rename -> {
                out.int8(RENAMED);
                out.text(rename.title());
            }
            case ConversationEvent.Marked mark -> {
                out.int8(MARKED);
                out.text(mark.mark().wireName());
                out.int8(mark.on() ? 1 : 0);
            }
            case Deleted ignored -> out.int8(DELETED);
            case ConversationEvent.Undeleted ignored -> out.int8(UNDELETED);
            case ConversationEvent.ReplyChunk chunk -> {
                out.int8(REPLY_CHUNK);
                out.int32(chunk.turnIndex());
                out.text(chunk.text());
            }
            case ConversationEvent.Forked forked -> {
                out.int8(FORKED);
                out.text(forked.source().value());
                out.int32(forked.turnIndex());
            }
            case ConversationEvent.Imported imported -> {
                out.int8(IMPORTED);
                out.text(imported.source());
            }
            case ConversationEvent.Lost lost -> {
                out.int8(LOST);
                out.text(lost.why());
            }
        }
    }

    static Envelope envelope(byte[] record) {
        RecordReader in = new RecordReader(record, 0, record.length);
        int format = requireKnownFormat(in.int8());
        String tenant = in.id(format);
        String conversation = in.id(format);
        int count = format == BINARY_APPEND ? in.count() : 1;
        return new Envelope(tenant, conversation, in.int64(), count);
    }

    /** The events of a record of any format, in seq order. */
    List<RecordedEvent> decodeAll(byte[] record) {
        RecordReader in = new RecordReader(record, 0, record.length);
        int format = requireKnownFormat(in.int8());
        TenantId tenant = new TenantId(in.id(format));
        ConversationId conversation = new ConversationId(in.id(format));
        List<RecordedEvent> events = new ArrayList<>(1);
        decodeEvents(in, format, tenant, conversation, new RepeatedTexts(), events);
        return events;
    }

    /** A reader of one conversation's records (a history), which reuses what repeats from record to record. */
    Decoder decoder(TenantId tenant, ConversationId conversation) {
        return new Decoder(tenant, conversation);
    }

    /**
     * Decodes the records of one conversation. Its ids are checked byte for byte rather than decoded, and the
     * short texts that repeat (speaker ids and names) are decoded once: a long history is read back mostly
     * before the JIT has compiled anything, where every allocation and call counts.
     */
    final class Decoder {
        private final TenantId tenant;
        private final ConversationId conversation;
        private final byte[] tenantEncoded;
        private final byte[] conversationEncoded;
        private final RepeatedTexts texts = new RepeatedTexts();
        /** One reader moved from record to record: an object less per record of a long history. */
        private final RecordReader reader = new RecordReader(new byte[0], 0, 0);

        private Decoder(TenantId tenant, ConversationId conversation) {
            this.tenant = tenant;
            this.conversation = conversation;
            this.tenantEncoded = encodedText(tenant.value());
            this.conversationEncoded = encodedText(conversation.value());
        }

        /**
         * Decodes the record that is {@code length} bytes of {@code bytes} from {@code offset}, adding its
         * events to {@code into}.
         *
         * @throws IllegalArgumentException if the record is damaged or belongs to another conversation
         */
        void decodeInto(byte[] bytes, int offset, int length, List<RecordedEvent> into) {
            RecordReader in = reader.over(bytes, offset, offset + length);
            int format = requireKnownFormat(in.int8());
            if (format == JSON_BODY ? !in.modifiedUtf8().equals(tenant.value())
                    || !in.modifiedUtf8().equals(conversation.value())
                    : !in.skipEncoded(tenantEncoded) || !in.skipEncoded(conversationEncoded)) {
                RecordedEvent other = decodeAll(Arrays.copyOfRange(bytes, offset, offset + length)).getFirst();
                throw new IllegalArgumentException("it belongs to conversation " + other.conversationId() + " of team "
                        + other.tenantId() + ", not " + conversation + " of " + tenant);
            }
            decodeEvents(in, format, tenant, conversation, texts, into);
        }
    }

    private void decodeEvents(RecordReader in, int format, TenantId tenant, ConversationId conversation, RepeatedTexts texts,
                              List<RecordedEvent> into) {
        int count = format == BINARY_APPEND ? in.count() : 1;
        for (int i = 0; i < count; i++) {
            long seq = in.int64();
            Instant at = texts.instant(in.int64());
            ConversationEvent event = format == JSON_BODY ? json.event(in.modifiedUtf8(), in.rest())
                    : binaryEvent(in, texts);
            into.add(new RecordedEvent(tenant, conversation, seq, at, event));
        }
    }

    private ConversationEvent binaryEvent(RecordReader in, RepeatedTexts texts) {
        byte type = (byte) in.int8();
        return switch (type) {
            case CONVERSATION_STARTED -> {
                ConversationKind kind = ConversationKind.fromWireName(in.text());
                int count = in.int32();
                List<Participant> participants = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    participants.add(new Participant(new AgentId(in.text()), in.text()));
                }
                yield new ConversationStarted(kind, participants, in.text(), in.int32());
            }
            case TURN_STARTED -> new TurnStarted(in.int32(), texts.agent(in), in.int8() == 1);
            case MESSAGE_RECORDED, MESSAGE_CUT_AT_LIMIT -> readMessage(in, texts, type == MESSAGE_CUT_AT_LIMIT);
            case MESSAGE_ACTING -> {
                MessageRecorded message = readMessage(in, texts, false);
                boolean cut = in.int8() == 1;
                yield new MessageRecorded(message.turnIndex(), message.speakerId(), message.speakerName(),
                        message.content(), message.usage().cutAtTokenLimit(cut), message.speakerDisplayName(),
                        ElementRecords.readActions(in, texts));
            }
            case RESUME_STARTED -> new ResumeStarted(in.int32());
            case RESUME_STARTED_BY -> new ResumeStarted(in.int32(), ResumeCause.fromWireName(in.text()));
            case FOLLOW_UP_STARTED -> new FollowUpStarted(in.int32(), in.int32(), in.text());
            case STATUS_CHANGED -> {
                ConversationStatus status = ConversationStatus.fromWireName(in.text());
                String reason = in.text();
                yield new StatusChanged(status, LegacyReasons.causeOf(status, reason), reason);
            }
            case STATUS_CHANGED_BECAUSE -> new StatusChanged(ConversationStatus.fromWireName(in.text()),
                    StatusCause.fromWireName(in.text()), in.text());
            case RENAMED -> new Renamed(in.text());
            case MARKED -> new ConversationEvent.Marked(dev.workshop.domain.conversation.Mark.fromWireName(in.text()),
                    in.int8() == 1);
            case DELETED -> new Deleted();
            case UNDELETED -> new ConversationEvent.Undeleted();
            case REPLY_CHUNK -> new ConversationEvent.ReplyChunk(in.int32(), in.text());
            case FORKED -> new ConversationEvent.Forked(new ConversationId(in.text()), in.int32());
            case IMPORTED -> new ConversationEvent.Imported(in.text());
            case LOST -> new ConversationEvent.Lost(in.text());
            case ELEMENT_CHANGED -> ElementRecords.read(in, texts);
            case ACTIONS_TAKEN -> json.event("actions_taken", in.text());
            case OUTSIDE_CALL -> json.event("outside_call", in.text());
            default -> throw new IllegalArgumentException("event type " + type
                    + " is unknown to this Workshop: it was written by a newer version");
        };
    }

    /** A message's fields after its type. */
    private static void writeMessage(RecordWriter out, MessageRecorded message) {
        out.int32(message.turnIndex());
        out.text(message.speakerId().value());
        out.text(message.speakerName());
        out.text(message.speakerDisplayName());
        out.text(message.content());
        Usage usage = message.usage();
        out.int8(usage.isKnown() ? 1 : 0);
        if (usage.isKnown()) {
            out.int32(usage.promptTokens());
            out.int32(usage.completionTokens());
            out.int64(usage.latencyMillis());
            out.text(usage.model());
        }
    }

    private static MessageRecorded readMessage(RecordReader in, RepeatedTexts texts, boolean cutAtLimit) {
        int turnIndex = in.int32();
        AgentId speaker = texts.agent(in);
        String name = texts.text(in);
        String displayName = texts.text(in);
        String content = in.text();
        Usage usage = in.int8() == 1 ? new Usage(in.int32(), in.int32(), in.int64(), texts.text(in)) : Usage.NONE;
        return new MessageRecorded(turnIndex, speaker, name, content, usage.cutAtTokenLimit(cutAtLimit), displayName);
    }

    private static byte[] encodedText(String value) {
        RecordWriter out = new RecordWriter(value.length() + 4);
        out.text(value);
        return out.bytes();
    }

    private static int requireKnownFormat(int format) {
        if (format != JSON_BODY && format != BINARY && format != BINARY_APPEND) {
            throw new IllegalArgumentException("journal record format " + format + " is unknown to this Workshop");
        }
        return format;
    }
}
