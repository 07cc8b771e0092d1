package dev.workshop.domain.element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shared elements as a turn sees them: where each action goes ({@link #target}) and the summary every prompt
 * carries (the rulebook, the boards' newest posts, the top pins, the agent's inbox and notes), cut to a budget.
 */
public final class Environment {
    /** The newest posts a summary shows of each board. */
    static final int POSTS_SHOWN = 5;
    /** The top pins a summary shows of each pinboard. */
    static final int PINS_SHOWN = 5;
    /** The notes an agent is shown of its memory (the newest). */
    public static final int NOTES_SHOWN = 10;
    /** A summary's entry is a glimpse: longer texts are cut here. */
    private static final int ENTRY_CHARS = 200;

    private final List<ElementState> elements;
    /**
     * Each element's part of the summary as every agent sees it, made once per environment: an environment stands
     * until an element changes, and every turn meanwhile reads the same parts.
     */
    private final Map<String, String> sharedParts = new ConcurrentHashMap<>();

    public Environment(List<ElementState> elements) {
        this.elements = List.copyOf(elements);
    }

    public static Environment empty() {
        return new Environment(List.of());
    }

    public List<ElementState> elements() {
        return elements;
    }

    public boolean isEmpty() {
        return elements.isEmpty();
    }

    /**
     * The element {@code action} of {@code actor} acts on: the one it names, else the first of its kind; an inbox
     * by its agent's name, a memory by its actor.
     *
     * @throws ActionRejectedException when there is none, in a sentence the model can read
     */
    public ElementState target(Action action, Actor actor) {
        ActionType type = action.type();
        if (type == ActionType.SEND) {
            // An inbox is called after its agent.
            String to = action.argument("to").orElse("");
            return first(element -> element.kind() == ElementKind.INBOX && ElementNames.matches(element.name(), to))
                    .orElseThrow(() -> new ActionRejectedException("There is no agent called " + to + " to send to"));
        }
        if (type.acts().filter(ElementKind.MEMORY::equals).isPresent()) {
            return first(element -> element.kind() == ElementKind.MEMORY && ownedBy(element, actor))
                    .orElseThrow(() -> new ActionRejectedException(actor.name() + " has no memory to write in"));
        }
        Optional<String> named = type.elementArgument().flatMap(action::argument);
        ElementKind kind = type.acts().orElse(null);
        // Another agent's inbox and memory are its own: read by it alone.
        Optional<ElementState> found = first(element -> (kind == null || element.kind() == kind)
                && named.map(name -> ElementNames.matches(element.name(), name)).orElse(kind != null)
                && (!element.kind().ownedByAnAgent() || ownedBy(element, actor)));
        return found.orElseThrow(() -> new ActionRejectedException(named
                .map(name -> "There is no " + (kind == null ? "element" : kind.label().toLowerCase(Locale.ROOT))
                        + " called " + name)
                .orElseGet(() -> "There is no " + kind.label().toLowerCase(Locale.ROOT) + " on the canvas")));
    }

    private static boolean ownedBy(ElementState element, Actor actor) {
        return element.owner().filter(actor.id()::equals).isPresent();
    }

    private Optional<ElementState> first(java.util.function.Predicate<ElementState> wanted) {
        return elements.stream().filter(wanted).findFirst();
    }

    /**
     * The part of {@code agent}'s system prompt about the elements, within about {@code budgetChars}: their summary
     * and how to act on them. Empty while nothing is placed on the canvas and the agent has nothing waiting (no
     * unread message, no note): a Workshop without elements keeps its prompts as they were.
     */
    public String promptSection(Actor agent, int budgetChars) {
        return promptSection(agent, budgetChars, false);
    }

    /** As {@link #promptSection(Actor, int)}; {@code withTools}: the model acts through tools, not markers. */
    public String promptSection(Actor agent, int budgetChars, boolean withTools) {
        boolean placed = elements.stream().anyMatch(element -> !element.kind().ownedByAnAgent());
        boolean waiting = elements.stream().anyMatch(element -> element.owner().filter(agent.id()::equals).isPresent()
                && (element.kind() == ElementKind.INBOX ? element.unread() > 0 : !element.entries().isEmpty()
                        || !element.blocks().isEmpty() || !element.summary().isBlank()));
        if (!placed && !waiting) {
            return "";
        }
        String guide = withTools ? "Act on them with the tools you are given.\n" : Markers.guide();
        return "\n\nThe shared elements of this workshop, as they stand:\n"
                + summaryFor(agent, Math.max(0, budgetChars - guide.length())) + "\n" + guide;
    }

    /**
     * What {@code agent} is shown of the elements at every turn, at most about {@code budgetChars} characters:
     * the rulebook first (it is part of every prompt), then the agent's inbox, its notes, the pinboards' top pins
     * and the boards' newest posts; what does not fit is left out whole, never cut mid-line.
     */
    public String summaryFor(Actor agent, int budgetChars) {
        List<String> parts = new ArrayList<>();
        for (ElementState element : elements) {
            if (element.kind() == ElementKind.RULEBOOK && !element.rules().isBlank()) {
                parts.add("Rulebook (" + element.name() + "):\n" + element.rules().strip() + "\n");
            }
        }
        for (ElementState element : elements) {
            if (element.owner().filter(agent.id()::equals).isPresent()) {
                parts.add(ownPart(element));
            }
        }
        for (ElementState element : elements) {
            if (element.kind() == ElementKind.PINBOARD) {
                parts.add(sharedParts.computeIfAbsent(element.id(), id -> pinsPart(element)));
            } else if (element.kind() == ElementKind.BOARD) {
                parts.add(sharedParts.computeIfAbsent(element.id(), id -> postsPart(element)));
            }
        }
        StringBuilder summary = new StringBuilder();
        for (String part : parts) {
            if (part.isEmpty()) {
                continue;
            }
            if (summary.length() + part.length() > budgetChars) {
                continue;
            }
            summary.append(part);
        }
        return summary.toString();
    }

    private static String ownPart(ElementState element) {
        StringBuilder part = new StringBuilder();
        if (element.kind() == ElementKind.INBOX) {
            List<Entry> unread = element.unreadEntries();
            part.append("Your inbox: ").append(unread.isEmpty() ? "nothing unread" : unread.size() + " unread")
                    .append('\n');
            unread.stream().skip(Math.max(0, unread.size() - POSTS_SHOWN))
                    .forEach(entry -> part.append("- from ").append(entry.author().name()).append(": ")
                            .append(glimpse(entry.text())).append('\n'));
        } else if (element.kind() == ElementKind.MEMORY) {
            element.blocks().forEach(block -> part.append("Memory block ").append(block.label()).append(" (")
                    .append(block.text().length()).append(" of ").append(block.limit()).append(" characters):\n")
                    .append(block.text().strip()).append('\n'));
            if (!element.summary().isBlank()) {
                part.append("Your recent interactions, in short: ").append(element.summary().strip()).append('\n');
            }
            List<Entry> notes = element.entries();
            if (!notes.isEmpty()) {
                part.append("Your notes:\n");
                notes.stream().skip(Math.max(0, notes.size() - NOTES_SHOWN)).forEach(note -> part.append(note.number())
                        .append(". ").append(glimpse(note.text())).append('\n'));
            }
        }
        return part.toString();
    }

    private static String pinsPart(ElementState element) {
        StringBuilder part = new StringBuilder("Pinboard " + element.name() + ": ");
        List<Pin> pins = element.topPins();
        if (pins.isEmpty()) {
            return part.append("no pins yet\n").toString();
        }
        part.append(pins.size()).append(pins.size() == 1 ? " pin\n" : " pins\n");
        pins.stream().limit(PINS_SHOWN).forEach(pin -> part.append("- ").append(pin.id()).append(" (score ")
                .append(pin.score()).append(pin.kept() ? ", kept" : "").append(") ").append(glimpse(pin.text()))
                .append('\n'));
        return part.toString();
    }

    private static String postsPart(ElementState element) {
        StringBuilder part = new StringBuilder("Board " + element.name() + ": ");
        List<Entry> posts = element.entries();
        if (posts.isEmpty()) {
            return part.append("no posts yet\n").toString();
        }
        part.append("newest posts\n");
        for (int i = posts.size() - 1; i >= Math.max(0, posts.size() - POSTS_SHOWN); i--) {
            Entry post = posts.get(i);
            part.append("- ").append(post.author().name()).append(": ").append(glimpse(post.text())).append('\n');
        }
        return part.toString();
    }

    /** {@code text} on one line, its runs of white space made one space, cut at {@value #ENTRY_CHARS} characters. */
    static String glimpse(String text) {
        StringBuilder line = new StringBuilder(Math.min(text.length(), ENTRY_CHARS + 1));
        boolean space = false;
        for (int i = 0; i < text.length() && line.length() <= ENTRY_CHARS; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                space = !line.isEmpty();
            } else {
                if (space) {
                    line.append(' ');
                    space = false;
                }
                line.append(c);
            }
        }
        return line.length() <= ENTRY_CHARS ? line.toString() : line.substring(0, ENTRY_CHARS - 1) + "…";
    }
}
