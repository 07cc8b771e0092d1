package dev.workshop.domain.element;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An action asked for, with its arguments checked against its definition ({@link #of}): recorded with the message
 * (or tool call) that asked for it, applied to its element once.
 */
public record Action(ActionType type, Map<String, String> arguments) {
    /** A note's text or a post is read in prompts: a few kilobytes, not a document. */
    public static final int MAX_ARGUMENT_CHARS = 8 * 1024;

    public Action {
        Objects.requireNonNull(type, "type");
        // Sorted: two equal actions are equal maps and write the same bytes.
        arguments = java.util.Collections.unmodifiableMap(new TreeMap<>(arguments));
    }

    /**
     * The action of {@code type} with {@code raw} arguments (strings or numbers, as a model's JSON gives them),
     * checked as its schema says.
     *
     * @throws ActionRejectedException with a sentence a model can read and correct
     */
    public static Action of(ActionType type, Map<String, ?> raw) {
        Map<String, String> checked = new TreeMap<>();
        for (Map.Entry<String, ?> entry : raw.entrySet()) {
            ActionField field = type.fields().stream().filter(each -> each.name().equals(entry.getKey())).findFirst()
                    .orElseThrow(() -> new ActionRejectedException(type.toolName() + " takes no argument '"
                            + entry.getKey() + "'; it takes " + names(type)));
            Object value = entry.getValue();
            if (value == null) {
                continue;
            }
            String text = value instanceof Number number && field.integer() ? Long.toString(number.longValue())
                    : value instanceof String string ? string.strip() : null;
            if (text == null || field.integer() && !text.matches("-?\\d{1,9}")) {
                throw new ActionRejectedException(type.toolName() + "'s '" + field.name() + "' is "
                        + (field.integer() ? "a whole number" : "a string") + ", not " + value);
            }
            if (text.length() > MAX_ARGUMENT_CHARS) {
                throw new ActionRejectedException(type.toolName() + "'s '" + field.name() + "' of " + text.length()
                        + " characters is over the limit of " + MAX_ARGUMENT_CHARS);
            }
            if (!text.isEmpty()) {
                checked.put(field.name(), text);
            }
        }
        for (ActionField field : type.fields()) {
            if (field.required() && !checked.containsKey(field.name())) {
                throw new ActionRejectedException(type.toolName() + " needs '" + field.name() + "': "
                        + field.description());
            }
        }
        return new Action(type, checked);
    }

    public Optional<String> argument(String name) {
        return Optional.ofNullable(arguments.get(name));
    }

    /** The action in words for a history or a tool result, as {@code vote_up P3} or {@code post "Ship it"}. */
    public String describe() {
        StringBuilder words = new StringBuilder(type.toolName());
        arguments.forEach((name, value) -> words.append(' ').append(name).append('=')
                .append(value.length() > 60 ? "\"" + value.substring(0, 59) + "…\"" : "\"" + value + "\""));
        return words.toString();
    }

    private static String names(ActionType type) {
        return String.join(", ", type.fields().stream().map(ActionField::name).toList());
    }
}
