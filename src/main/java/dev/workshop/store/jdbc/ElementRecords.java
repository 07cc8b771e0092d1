package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationEvent.ElementChanged;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.Provenance;

/**
 * A change of a shared element in the journal's binary form: the actor and the provenance, then the change, a
 * code and its fields. An element of ten thousand actions is read back as a conversation of ten thousand messages
 * is, without a JSON parser (docs/decisions/0007); the actor's id and name and the provenance's conversation
 * repeat from record to record, and are decoded once ({@link RepeatedTexts}).
 */
final class ElementRecords {
    private static final int CREATED = 1;
    private static final int POSTED = 2;
    private static final int PINNED = 3;
    private static final int VOTED = 4;
    private static final int COMMENTED = 5;
    private static final int KEPT = 6;
    private static final int RELEASED = 7;
    private static final int SENT = 8;
    private static final int READ = 9;
    private static final int RULES_WRITTEN = 10;
    private static final int NOTED = 11;
    private static final int FORGOT = 12;
    private static final int REFUSED = 13;
    private static final int BLOCK_WRITTEN = 14;
    private static final int BLOCK_REMOVED = 15;
    private static final int SUMMARISED = 16;
    /** What stands where an erased conversation's change was: the kind it was, no text. */
    private static final int ERASED = 17;

    private ElementRecords() {
    }

    static void write(RecordWriter out, ElementChanged changed) {
        out.text(changed.actor().id());
        out.text(changed.actor().name());
        Provenance provenance = changed.provenance();
        out.int8(provenance.isByHand() ? 0 : 1);
        if (!provenance.isByHand()) {
            out.text(provenance.conversation());
            out.int32(provenance.turn());
            out.int32(provenance.action());
        }
        switch (changed.change()) {
            case ElementEvent.Created created -> {
                out.int8(CREATED);
                out.text(created.kind().wireName());
                out.text(created.name());
                out.text(created.owner() == null ? "" : created.owner());
            }
            case ElementEvent.Posted posted -> text(out, POSTED, posted.text());
            case ElementEvent.Pinned pinned -> text(out, PINNED, pinned.text());
            case ElementEvent.Voted voted -> {
                text(out, VOTED, voted.pin());
                out.int8(voted.delta() > 0 ? 1 : 0);
            }
            case ElementEvent.Commented commented -> {
                text(out, COMMENTED, commented.pin());
                out.text(commented.text());
            }
            case ElementEvent.Kept kept -> text(out, KEPT, kept.pin());
            case ElementEvent.Released released -> text(out, RELEASED, released.pin());
            case ElementEvent.Sent sent -> text(out, SENT, sent.text());
            case ElementEvent.Read read -> {
                out.int8(READ);
                out.int32(read.upTo());
            }
            case ElementEvent.RulesWritten written -> text(out, RULES_WRITTEN, written.text());
            case ElementEvent.Noted noted -> text(out, NOTED, noted.text());
            case ElementEvent.Forgot forgot -> {
                out.int8(FORGOT);
                out.int32(forgot.note());
            }
            case ElementEvent.BlockWritten block -> {
                text(out, BLOCK_WRITTEN, block.label());
                out.text(block.text());
                out.int32(block.limit());
            }
            case ElementEvent.BlockRemoved removed -> text(out, BLOCK_REMOVED, removed.label());
            case ElementEvent.Summarised summarised -> text(out, SUMMARISED, summarised.text());
            case ElementEvent.Refused refused -> {
                text(out, REFUSED, refused.action());
                out.text(refused.reason());
            }
            case ElementEvent.Erased erased -> text(out, ERASED, erased.wasA());
        }
    }

    /** Actions in order: each its tool name and its arguments, names and values. */
    static void writeActions(RecordWriter out, java.util.List<dev.workshop.domain.element.Action> actions) {
        out.int32(actions.size());
        for (dev.workshop.domain.element.Action action : actions) {
            out.text(action.type().toolName());
            out.int32(action.arguments().size());
            action.arguments().forEach((name, value) -> {
                out.text(name);
                out.text(value);
            });
        }
    }

    static java.util.List<dev.workshop.domain.element.Action> readActions(RecordReader in, RepeatedTexts texts) {
        int count = in.int32();
        java.util.List<dev.workshop.domain.element.Action> actions = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = texts.text(in);
            dev.workshop.domain.element.ActionType type = dev.workshop.domain.element.ActionType.byToolName(name)
                    .orElseThrow(() -> new IllegalArgumentException("action " + name
                            + " is unknown to this Workshop: it was written by a newer version"));
            int arguments = in.int32();
            java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
            for (int j = 0; j < arguments; j++) {
                values.put(texts.text(in), in.text());
            }
            actions.add(new dev.workshop.domain.element.Action(type, values));
        }
        return actions;
    }

    private static void text(RecordWriter out, int code, String text) {
        out.int8(code);
        out.text(text);
    }

    static ElementChanged read(RecordReader in, RepeatedTexts texts) {
        Actor actor = new Actor(texts.text(in), texts.text(in));
        Provenance provenance = in.int8() == 0 ? Provenance.byHand()
                : Provenance.of(texts.text(in), in.int32(), in.int32());
        int code = in.int8();
        ElementEvent change = switch (code) {
            case CREATED -> {
                ElementKind kind = ElementKind.fromWireName(in.text());
                String name = in.text();
                String owner = in.text();
                yield new ElementEvent.Created(kind, name, owner.isEmpty() ? null : owner);
            }
            case POSTED -> new ElementEvent.Posted(in.text());
            case PINNED -> new ElementEvent.Pinned(in.text());
            case VOTED -> new ElementEvent.Voted(texts.text(in), in.int8() == 1 ? 1 : -1);
            case COMMENTED -> new ElementEvent.Commented(texts.text(in), in.text());
            case KEPT -> new ElementEvent.Kept(in.text());
            case RELEASED -> new ElementEvent.Released(in.text());
            case SENT -> new ElementEvent.Sent(in.text());
            case READ -> new ElementEvent.Read(in.int32());
            case RULES_WRITTEN -> new ElementEvent.RulesWritten(in.text());
            case NOTED -> new ElementEvent.Noted(in.text());
            case FORGOT -> new ElementEvent.Forgot(in.int32());
            case REFUSED -> new ElementEvent.Refused(in.text(), in.text());
            case BLOCK_WRITTEN -> new ElementEvent.BlockWritten(in.text(), in.text(), in.int32());
            case BLOCK_REMOVED -> new ElementEvent.BlockRemoved(in.text());
            case SUMMARISED -> new ElementEvent.Summarised(in.text());
            case ERASED -> new ElementEvent.Erased(in.text());
            default -> throw new IllegalArgumentException("element change " + code
                    + " is unknown to this Workshop: it was written by a newer version");
        };
        return new ElementChanged(actor, provenance, change);
    }
}
