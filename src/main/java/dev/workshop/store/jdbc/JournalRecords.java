package dev.workshop.store.jdbc;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Usage;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
        Writer out = new Writer(160 * events.size());
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

    private static void writeEvent(Writer out, ConversationEvent event) {
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
            case MessageRecorded message -> {
                out.int8(message.usage().cutAtTokenLimit() ? MESSAGE_CUT_AT_LIMIT : MESSAGE_RECORDED);
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
                out.int8(STATUS_CHANGED);
                out.text(change.status().wireName());
                out.text(change.reason());
            }
            case Renamed rename -> {
                out.int8(RENAMED);
                out.text(rename.title());
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
            case ConversationEvent.Lost lost -> {
                out.int8(LOST);
                out.text(lost.why());
            }
        }
    }

    static Envelope envelope(byte[] record) {
        Reader in = new Reader(record, 0, record.length);
        int format = requireKnownFormat(in.int8());
        String tenant = in.id(format);
        String conversation = in.id(format);
        int count = format == BINARY_APPEND ? in.count() : 1;
        return new Envelope(tenant, conversation, in.int64(), count);
    }

    /** The events of a record of any format, in seq order. */
    List<RecordedEvent> decodeAll(byte[] record) {
        Reader in = new Reader(record, 0, record.length);
        int format = requireKnownFormat(in.int8());
        TenantId tenant = new TenantId(in.id(format));
        ConversationId conversation = new ConversationId(in.id(format));
        List<RecordedEvent> events = new ArrayList<>(1);
        decodeEvents(in, format, tenant, conversation, new Texts(), events);
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
        private final Texts texts = new Texts();
        /** One reader moved from record to record: an object less per record of a long history. */
        private final Reader reader = new Reader(new byte[0], 0, 0);

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
            Reader in = reader.over(bytes, offset, offset + length);
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

    private void decodeEvents(Reader in, int format, TenantId tenant, ConversationId conversation, Texts texts,
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

    private static ConversationEvent binaryEvent(Reader in, Texts texts) {
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
            case MESSAGE_RECORDED, MESSAGE_CUT_AT_LIMIT -> {
                int turnIndex = in.int32();
                AgentId speaker = texts.agent(in);
                String name = texts.text(in);
                String displayName = texts.text(in);
                String content = in.text();
                Usage usage = in.int8() == 1 ? new Usage(in.int32(), in.int32(), in.int64(), texts.text(in)) : Usage.NONE;
                yield new MessageRecorded(turnIndex, speaker, name, content,
                        usage.cutAtTokenLimit(type == MESSAGE_CUT_AT_LIMIT), displayName);
            }
            case RESUME_STARTED -> new ResumeStarted(in.int32());
            case RESUME_STARTED_BY -> new ResumeStarted(in.int32(), ResumeCause.fromWireName(in.text()));
            case FOLLOW_UP_STARTED -> new FollowUpStarted(in.int32(), in.int32(), in.text());
            case STATUS_CHANGED -> new StatusChanged(ConversationStatus.fromWireName(in.text()), in.text());
            case RENAMED -> new Renamed(in.text());
            case DELETED -> new Deleted();
            case UNDELETED -> new ConversationEvent.Undeleted();
            case REPLY_CHUNK -> new ConversationEvent.ReplyChunk(in.int32(), in.text());
            case FORKED -> new ConversationEvent.Forked(new ConversationId(in.text()), in.int32());
            case LOST -> new ConversationEvent.Lost(in.text());
            default -> throw new IllegalArgumentException("event type " + type
                    + " is unknown to this Workshop: it was written by a newer version");
        };
    }

    private static byte[] encodedText(String value) {
        Writer out = new Writer(value.length() + 4);
        out.text(value);
        return out.bytes();
    }

    private static int requireKnownFormat(int format) {
        if (format != JSON_BODY && format != BINARY && format != BINARY_APPEND) {
            throw new IllegalArgumentException("journal record format " + format + " is unknown to this Workshop");
        }
        return format;
    }

    /**
     * Big-endian numbers, and text as UTF-8 after an int that holds its length shifted left by one, with the
     * low bit set when every character is ASCII (-1 for null). ASCII text is read back as Latin-1, which is a
     * plain copy: a history is mostly such text, and a UTF-8 decoder is slow until the JIT has compiled it.
     */
    private static final class Writer {
        private byte[] bytes;
        private int size;

        Writer(int capacity) {
            bytes = new byte[capacity];
        }

        void int8(int value) {
            room(1);
            bytes[size++] = (byte) value;
        }

        void int32(int value) {
            room(4);
            for (int shift = 24; shift >= 0; shift -= 8) {
                bytes[size++] = (byte) (value >>> shift);
            }
        }

        void int64(long value) {
            room(8);
            for (int shift = 56; shift >= 0; shift -= 8) {
                bytes[size++] = (byte) (value >>> shift);
            }
        }

        void text(String value) {
            if (value == null) {
                int32(-1);
                return;
            }
            byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
            // Only ASCII characters take one UTF-8 byte each, so equal lengths mean all of them are ASCII.
            boolean ascii = utf8.length == value.length();
            int32(utf8.length << 1 | (ascii ? 1 : 0));
            room(utf8.length);
            System.arraycopy(utf8, 0, bytes, size, utf8.length);
            size += utf8.length;
        }

        private void room(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }

        byte[] bytes() {
            return Arrays.copyOf(bytes, size);
        }
    }

    /**
     * What repeats from record to record of the same history, decoded once: speaker ids and names, model names,
     * and the time of events written in the same millisecond. A history read back cold allocates every byte on
     * pages the JVM has not touched yet, and what it keeps is copied by the first young collection: each object
     * it does not make saves both.
     */
    private static final class Texts {
        private static final int KEPT = 16;
        private final byte[][] encoded = new byte[KEPT][];
        private final String[] decoded = new String[KEPT];
        private final AgentId[] agents = new AgentId[KEPT];
        private int next;
        private Instant lastInstant = Instant.EPOCH;

        Instant instant(long epochMilli) {
            if (lastInstant.toEpochMilli() != epochMilli) {
                lastInstant = Instant.ofEpochMilli(epochMilli);
            }
            return lastInstant;
        }

        String text(Reader in) {
            return decoded[slot(in)];
        }

        AgentId agent(Reader in) {
            int slot = slot(in);
            if (agents[slot] == null) {
                agents[slot] = new AgentId(decoded[slot]);
            }
            return agents[slot];
        }

        private int slot(Reader in) {
            for (int i = 0; i < KEPT && encoded[i] != null; i++) {
                if (in.skipEncoded(encoded[i])) {
                    return i;
                }
            }
            int start = in.at;
            String value = in.text();
            int slot = next;
            next = (next + 1) % KEPT;
            encoded[slot] = Arrays.copyOfRange(in.bytes, start, in.at);
            decoded[slot] = value;
            agents[slot] = null;
            return slot;
        }
    }

    /** Reads what {@link Writer} wrote; running past the end is a damaged record, reported as such. */
    private static final class Reader {
        private byte[] bytes;
        private int end;
        private int at;

        Reader(byte[] bytes, int from, int end) {
            over(bytes, from, end);
        }

        /** This reader, moved to {@code bytes[from..end)}. */
        Reader over(byte[] bytes, int from, int end) {
            this.bytes = bytes;
            this.at = from;
            this.end = end;
            return this;
        }

        int int8() {
            need(1);
            return bytes[at++] & 0xff;
        }

        int int32() {
            need(4);
            int value = 0;
            for (int i = 0; i < 4; i++) {
                value = (value << 8) | (bytes[at++] & 0xff);
            }
            return value;
        }

        long int64() {
            need(8);
            long value = 0;
            for (int i = 0; i < 8; i++) {
                value = (value << 8) | (bytes[at++] & 0xff);
            }
            return value;
        }

        String text() {
            int header = int32();
            if (header == -1) {
                return null;
            }
            if (header < 0) {
                throw new IllegalArgumentException("a text length of " + header + " at byte " + (at - 4));
            }
            int length = header >>> 1;
            need(length);
            String value = new String(bytes, at, length,
                    (header & 1) == 1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
            at += length;
            return value;
        }

        /**
         * If the next text is exactly {@code encoded} (its header and bytes as {@link Writer#text} wrote them),
         * moves past it and returns true; otherwise stays put.
         */
        boolean skipEncoded(byte[] encoded) {
            if (encoded.length > end - at) {
                return false;
            }
            for (int i = 0; i < encoded.length; i++) {
                if (bytes[at + i] != encoded[i]) {
                    return false;
                }
            }
            at += encoded.length;
            return true;
        }

        /** The number of events of a format 3 record. */
        int count() {
            int count = int32();
            if (count < 1) {
                throw new IllegalArgumentException("a record of " + count + " events");
            }
            return count;
        }

        /** An id of the envelope: format 1 wrote it with {@code DataOutput.writeUTF}. */
        String id(int format) {
            return format == JSON_BODY ? modifiedUtf8() : text();
        }

        /** A string as {@code DataOutput.writeUTF} wrote it (format 1's ids and event type). */
        String modifiedUtf8() {
            need(2);
            int length = ((bytes[at] & 0xff) << 8) | (bytes[at + 1] & 0xff);
            need(2 + length);
            try {
                String value = DataInputStream.readUTF(new DataInputStream(new ByteArrayInputStream(bytes, at,
                        2 + length)));
                at += 2 + length;
                return value;
            } catch (IOException e) {
                throw new IllegalArgumentException("damaged text at byte " + at + ": " + e.getMessage(), e);
            }
        }

        /** The rest of the record as UTF-8 text (format 1's JSON body). */
        String rest() {
            String value = new String(bytes, at, end - at, StandardCharsets.UTF_8);
            at = end;
            return value;
        }

        private void need(int count) {
            if (count > end - at) {
                throw new IllegalArgumentException("the record ends in the middle of a field, at byte " + at);
            }
        }
    }
}
