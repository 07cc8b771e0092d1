package dev.workshop.domain.element;

/** The rules of an element's name: what the user types to find it, and what markers and tools name it by. */
public final class ElementNames {
    /** A name for a canvas label and a marker, not a title. */
    public static final int MAX_CHARS = 60;

    private ElementNames() {
    }

    public static String require(String name) {
        String stripped = name == null ? "" : name.strip();
        if (stripped.isEmpty()) {
            throw new IllegalArgumentException("An element needs a name");
        }
        if (stripped.length() > MAX_CHARS) {
            throw new IllegalArgumentException("An element's name of " + stripped.length()
                    + " characters is over the limit of " + MAX_CHARS);
        }
        if (stripped.contains("]") || stripped.contains(":") || stripped.contains("\n")) {
            throw new IllegalArgumentException("An element's name may not hold ']', ':' or a line break: markers"
                    + " name elements by it");
        }
        return stripped;
    }

    /** Whether {@code typed} names the element called {@code name} (case does not matter). */
    public static boolean matches(String name, String typed) {
        return typed != null && name.equalsIgnoreCase(typed.strip());
    }
}
