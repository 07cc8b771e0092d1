package dev.workshop.domain.element;

import java.util.List;

/**
 * Elements in words: what an action did (a tool's result, a CLI line) and an element read in full (the
 * {@code read} action, the CLI's {@code elements show}).
 */
public final class Sentences {
    /** The most entries reading an element shows: the newest. */
    static final int READ_ENTRIES = 50;

    private Sentences() {
    }

    /** What {@code event} did to the element it left as {@code after}. */
    public static String did(ElementState after, ElementEvent event) {
        String on = " on " + after.name();
        return switch (event) {
            case ElementEvent.Created created -> "Made " + created.kind().label().toLowerCase(java.util.Locale.ROOT)
                    + " " + created.name();
            case ElementEvent.Posted ignored -> "Posted" + on;
            case ElementEvent.Pinned ignored -> "Pinned " + after.lastPin() + on;
            case ElementEvent.Voted vote -> "Voted " + vote.pin() + (vote.delta() > 0 ? " up" : " down") + on
                    + after.topPins().stream().filter(pin -> pin.id().equals(vote.pin())).findFirst()
                            .map(pin -> " (score " + pin.score() + ")")
                            .orElse(" (its score fell to " + Pin.TAKE_DOWN_AT + ": it was taken down)");
            case ElementEvent.Commented comment -> "Commented on " + comment.pin() + on;
            case ElementEvent.Kept keep -> "Kept " + keep.pin() + on;
            case ElementEvent.Released release -> "Released " + release.pin() + on;
            case ElementEvent.Sent ignored -> "Sent to " + after.name();
            case ElementEvent.Read ignored -> read(after);
            case ElementEvent.RulesWritten ignored -> "Wrote the rules of " + after.name();
            case ElementEvent.Noted ignored -> "Remembered note " + after.entries().getLast().number();
            case ElementEvent.Forgot forgot -> "Forgot note " + forgot.note();
            case ElementEvent.BlockWritten block -> "Wrote memory block " + block.label();
            case ElementEvent.BlockRemoved removed -> "Removed memory block " + removed.label();
            case ElementEvent.Summarised ignored -> "Summarised the recent interactions";
            case ElementEvent.Refused refused -> refused.reason();
            case ElementEvent.Erased ignored -> "Erased";
        };
    }

    /** One entry of a history in words, as "Ada pinned “Ship on Friday”" or "Bruno voted P3 down". */
    public static String of(ElementChange change) {
        String who = change.actor().name();
        return switch (change.event()) {
            case ElementEvent.Created created -> who + " made " + created.kind().label().toLowerCase(java.util.Locale.ROOT)
                    + " " + created.name();
            case ElementEvent.Posted posted -> who + " posted " + quoted(posted.text());
            case ElementEvent.Pinned pinned -> who + " pinned " + quoted(pinned.text());
            case ElementEvent.Voted vote -> who + " voted " + vote.pin() + (vote.delta() > 0 ? " up" : " down");
            case ElementEvent.Commented comment -> who + " commented on " + comment.pin() + ": "
                    + quoted(comment.text());
            case ElementEvent.Kept keep -> who + " kept " + keep.pin();
            case ElementEvent.Released release -> who + " released " + release.pin();
            case ElementEvent.Sent sent -> who + " sent " + quoted(sent.text());
            case ElementEvent.Read read -> who + " read up to message " + read.upTo();
            case ElementEvent.RulesWritten written -> who + " wrote the rules: " + quoted(written.text());
            case ElementEvent.Noted noted -> who + " noted " + quoted(noted.text());
            case ElementEvent.Forgot forgot -> who + " forgot note " + forgot.note();
            case ElementEvent.BlockWritten block -> who + " wrote memory block " + block.label() + ": "
                    + quoted(block.text());
            case ElementEvent.BlockRemoved removed -> who + " removed memory block " + removed.label();
            case ElementEvent.Summarised summarised -> who + " summarised: " + quoted(summarised.text());
            case ElementEvent.Refused refused -> who + "'s " + refused.action() + " was refused: " + refused.reason();
            case ElementEvent.Erased erased -> "A " + erased.wasA() + " of an erased conversation";
        };
    }

    private static String quoted(String text) {
        return "\u201c" + Environment.glimpse(text) + "\u201d";
    }

    /** The element in full, as one who reads it sees it (its newest {@value #READ_ENTRIES} entries). */
    public static String read(ElementState element) {
        StringBuilder text = new StringBuilder(element.kind().label()).append(' ').append(element.name())
                .append('\n');
        switch (element.kind()) {
            case RULEBOOK -> text.append(element.rules().isBlank() ? "(no rules written)" : element.rules());
            case PINBOARD -> {
                List<Pin> pins = element.topPins();
                if (pins.isEmpty()) {
                    text.append("(no pins)\n");
                }
                for (Pin pin : pins) {
                    text.append(pin.id()).append(" (score ").append(pin.score()).append(pin.kept() ? ", kept" : "")
                            .append(", by ").append(pin.author().name()).append(") ").append(pin.text()).append('\n');
                    pin.comments().forEach(comment -> text.append("    ").append(comment.author().name())
                            .append(": ").append(comment.text()).append('\n'));
                }
                element.takenDown().forEach(pin -> text.append(pin.id()).append(" was taken down (score ")
                        .append(pin.score()).append("): ").append(Environment.glimpse(pin.text())).append('\n'));
            }
            default -> {
                List<Entry> entries = element.entries();
                if (entries.isEmpty()) {
                    text.append("(empty)\n");
                }
                entries.stream().skip(Math.max(0, entries.size() - READ_ENTRIES))
                        .forEach(entry -> text.append(entry.number()).append(". ").append(entry.author().name())
                                .append(": ").append(entry.text()).append('\n'));
            }
        }
        return text.toString().strip();
    }
}
