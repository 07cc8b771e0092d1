package dev.workshop.domain.element;

/** One argument of an action: its JSON Schema type, whether it must be given, and what it means to a model. */
public record ActionField(String name, boolean integer, boolean required, String description) {

    static ActionField text(String name, String description) {
        return new ActionField(name, false, true, description);
    }

    static ActionField optional(String name, String description) {
        return new ActionField(name, false, false, description);
    }

    static ActionField number(String name, String description) {
        return new ActionField(name, true, true, description);
    }
}
