package dev.workshop.domain.element;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The actions a reply asks for with markers, as {@code [PIN: Ship on Friday]}, {@code [VOTE_UP: P3]} or
 * {@code [SEND to Ada: the numbers are in]}: what models without tools (and the offline agents) write. Parsed
 * strictly: a marker whose word is no action, whose form is not the action's or whose arguments do not fit stays
 * plain text, and any text whatever parses without an exception.
 */
public final class Markers {
    /**
     * {@code [WORD: body]} or {@code [WORD to|on TARGET: body]} on one line; no brackets inside. Possessive
     * quantifiers: a long text of brackets cannot make the match backtrack for long.
     */
    private static final Pattern MARKER = Pattern.compile(
            "\\[([A-Z][A-Z_]{1,15}+)(?: (to|on) ([^\\[\\]:\\n]{1,60}+))?: ([^\\[\\]\\n]{1,8192}+)]");

    private Markers() {
    }

    /** A reply's text with its markers taken out, and the actions they asked for, in order. */
    public record Parsed(String text, List<Action> actions) {
        public Parsed {
            actions = List.copyOf(actions);
        }

        /** The text to show: the reply without its markers, or, when they were all it said, its actions in words. */
        public String shownText() {
            return !text.isBlank() || actions.isEmpty() ? text
                    : "(" + String.join("; ", actions.stream().map(Action::describe).toList()) + ")";
        }
    }

    /** The start of a marker still being written at the end of a reply: an opening bracket and a word so far. */
    private static final Pattern UNFINISHED = Pattern.compile(
            "\\[(?:[A-Z][A-Z_]{0,15}+(?: (?:to|on)(?: [^\\[\\]:\\n]{0,60}+)?)?(?::[^\\[\\]\\n]*+)?)?$");

    /**
     * A reply being written as a reader is shown it: its finished markers taken out, and one it is in the middle of
     * held back, so that a marker never flashes up before it disappears.
     */
    public static String whileWriting(String partial) {
        String shown = parse(partial).text();
        Matcher unfinished = UNFINISHED.matcher(shown);
        return unfinished.find() ? shown.substring(0, unfinished.start()).stripTrailing() : shown;
    }

    /** As {@link #parse(String)}, after actions the turn already took (its tool calls'): those come first. */
    public static Parsed parse(String reply, List<Action> taken) {
        Parsed parsed = parse(reply);
        if (taken.isEmpty()) {
            return parsed;
        }
        List<Action> all = new ArrayList<>(taken);
        all.addAll(parsed.actions());
        return new Parsed(parsed.text(), all);
    }

    public static Parsed parse(String reply) {
        if (reply == null || reply.indexOf('[') < 0) {
            return new Parsed(reply == null ? "" : reply, List.of());
        }
        Matcher matcher = MARKER.matcher(reply);
        StringBuilder shown = new StringBuilder(reply.length());
        List<Action> actions = new ArrayList<>();
        int from = 0;
        while (matcher.find()) {
            Optional<Action> action = action(matcher);
            if (action.isEmpty()) {
                continue;
            }
            actions.add(action.get());
            shown.append(reply, from, matcher.start());
            // The space before a marker goes with it when a space, a stop or the line's end follows it.
            char after = matcher.end() < reply.length() ? reply.charAt(matcher.end()) : '\n';
            if (!shown.isEmpty() && shown.charAt(shown.length() - 1) == ' ' && " .,;:!?\n".indexOf(after) >= 0) {
                shown.setLength(shown.length() - 1);
            }
            from = matcher.end();
        }
        if (actions.isEmpty()) {
            return new Parsed(reply, List.of());
        }
        shown.append(reply, from, reply.length());
        return new Parsed(shown.toString().strip(), actions);
    }

    private static Optional<Action> action(Matcher marker) {
        Optional<ActionType> type = ActionType.byMarkerName(marker.group(1));
        if (type.isEmpty()) {
            return Optional.empty();
        }
        // A target where the action takes none is malformed; where it takes one, it may be left out (the first
        // board or pinboard) unless the action needs it, which the arguments' check below says.
        if (marker.group(2) != null && type.get().markerTarget().isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> arguments = new java.util.HashMap<>();
        arguments.put(type.get().markerBody(), marker.group(4));
        if (marker.group(2) != null) {
            arguments.put(type.get().markerTarget().orElseThrow(), marker.group(3));
        }
        try {
            return Optional.of(Action.of(type.get(), arguments));
        } catch (ActionRejectedException malformed) {
            return Optional.empty();
        }
    }

    /** Made once: every prompt that shows the elements carries it. */
    private static final String GUIDE = makeGuide();

    /** How the prompt teaches the markers: one line an action. */
    public static String guide() {
        return GUIDE;
    }

    private static String makeGuide() {
        StringBuilder guide = new StringBuilder("To act on the shared elements, put markers in your reply (they are"
                + " taken out of the text others read):\n");
        for (ActionType type : ActionType.values()) {
            guide.append("- ").append(type.markerForm()).append(": ").append(type.description()).append('\n');
        }
        guide.append("A board or pinboard other than the first is named after the word, as [POST to Ideas: text].\n");
        return guide.toString();
    }
}
