package dev.workshop.domain.element;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An element as its history leaves it: the fold of its changes, taken one at a time ({@link #apply}), and what an
 * action would do to it now ({@link #decide}). The fold is one pass over the history with nothing copied per
 * change, so ten thousand actions fold about as fast as a conversation of ten thousand messages restores.
 */
public final class ElementState {
    /** The most pins a pinboard holds: a wall, not an archive. */
    public static final int MAX_PINS = 50;

    private final String id;
    private ElementKind kind;
    private String name;
    private String owner;
    private long version;
    private final List<Entry> entries = new ArrayList<>();
    private final Map<String, Pin> pins = new LinkedHashMap<>();
    /** Each pin's comments, added to in place; its {@link Pin} holds a read-only view. */
    private final Map<String, List<Entry>> commentsByPin = new java.util.HashMap<>();
    private final List<Pin> takenDown = new ArrayList<>();
    private int pinsMade;
    private int entriesMade;
    private int readUpTo;
    private String rules = "";
    private final Map<String, ElementEvent.BlockWritten> blocks = new LinkedHashMap<>();
    private String summary = "";
    private final Set<Provenance> applied = new HashSet<>();
    /** Who acted on it: an agent follows what it acted on, and hears what others do there. */
    private final Set<String> actors = new HashSet<>();

    private ElementState(String id) {
        this.id = id;
    }

    /** The state of element {@code id} after {@code history}, in order. */
    public static ElementState fold(String id, List<ElementChange> history) {
        ElementState state = new ElementState(id);
        history.forEach(state::apply);
        return state;
    }

    /** Takes in one more change: the next in the element's history. */
    public void apply(ElementChange change) {
        version = change.seq();
        actors.add(change.actor().id());
        if (!change.provenance().isByHand()) {
            applied.add(change.provenance());
        }
        switch (change.event()) {
            case ElementEvent.Created created -> {
                kind = created.kind();
                name = created.name();
                owner = created.owner();
            }
            case ElementEvent.Posted posted -> entries.add(entry(change, posted.text()));
            case ElementEvent.Pinned pinned -> {
                pinsMade++;
                String pinId = "P" + pinsMade;
                List<Entry> comments = new ArrayList<>();
                commentsByPin.put(pinId, comments);
                pins.put(pinId, new Pin(pinId, change.actor(), pinned.text(), 0, 0, false,
                        Collections.unmodifiableList(comments)));
            }
            case ElementEvent.Voted vote -> changePin(vote.pin(), pin -> pin.voted(vote.delta()));
            case ElementEvent.Commented comment -> {
                List<Entry> comments = pins.containsKey(comment.pin()) ? commentsByPin.get(comment.pin()) : null;
                if (comments != null) {
                    comments.add(new Entry(comments.size() + 1, change.actor(), comment.text(), change.at()));
                }
            }
            case ElementEvent.Kept keep -> changePin(keep.pin(), pin -> pin.kept(true));
            case ElementEvent.Released release -> changePin(release.pin(), pin -> pin.kept(false));
            case ElementEvent.Sent sent -> entries.add(entry(change, sent.text()));
            case ElementEvent.Read read -> readUpTo = Math.max(readUpTo, read.upTo());
            case ElementEvent.RulesWritten written -> rules = written.text();
            case ElementEvent.Noted noted -> entries.add(entry(change, noted.text()));
            case ElementEvent.Forgot forgot -> entries.removeIf(entry -> entry.number() == forgot.note());
            case ElementEvent.BlockWritten block -> blocks.put(block.label(), block);
            case ElementEvent.BlockRemoved removed -> blocks.remove(removed.label());
            case ElementEvent.Summarised summarised -> summary = summarised.text();
            case ElementEvent.Refused ignored -> {
            }
            case ElementEvent.Erased erased -> countErased(erased);
        }
    }

    /** An erased pin or entry keeps its number: those after it, and what refers to them, stay as they were. */
    private void countErased(ElementEvent.Erased erased) {
        switch (erased.wasA()) {
            case "pin" -> pinsMade++;
            case "post", "message", "note" -> entriesMade++;
            default -> {
            }
        }
    }

    private Entry entry(ElementChange change, String text) {
        entriesMade++;
        return new Entry(entriesMade, change.actor(), text, change.at());
    }

    private void changePin(String pinId, java.util.function.UnaryOperator<Pin> change) {
        Pin pin = pins.get(pinId);
        if (pin == null) {
            return;
        }
        Pin after = change.apply(pin);
        if (after.fallsDown()) {
            pins.remove(pinId);
            takenDown.add(after);
        } else {
            pins.put(pinId, after);
        }
    }

    /**
     * What {@code action} does to the element as it stands: the event to append (a {@link ElementEvent.Refused}
     * when it cannot apply, with why). Deciding again on a newer state is how a conflict re-applies what
     * commutes (a vote, a post) and fails what no longer can (keeping a pin another just took down).
     */
    public ElementEvent decide(Action action, Actor actor) {
        Optional<String> problem = problemWith(action, actor);
        if (problem.isPresent()) {
            return new ElementEvent.Refused(action.type().toolName(), problem.get());
        }
        String pin = action.argument("pin").map(ElementState::pinId).orElse("");
        String text = action.argument("text").orElse("");
        return switch (action.type()) {
            case POST -> new ElementEvent.Posted(text);
            case PIN -> new ElementEvent.Pinned(text);
            case VOTE_UP -> new ElementEvent.Voted(pin, 1);
            case VOTE_DOWN -> new ElementEvent.Voted(pin, -1);
            case COMMENT -> new ElementEvent.Commented(pin, text);
            case KEEP -> new ElementEvent.Kept(pin);
            case RELEASE -> new ElementEvent.Released(pin);
            case SEND -> new ElementEvent.Sent(text);
            case READ -> new ElementEvent.Read(entries.isEmpty() ? 0 : entries.getLast().number());
            case REMEMBER -> new ElementEvent.Noted(text);
            case FORGET -> new ElementEvent.Forgot(Integer.parseInt(action.argument("note").orElseThrow()));
        };
    }

    private Optional<String> problemWith(Action action, Actor actor) {
        if (action.type().acts().filter(acts -> acts != kind).isPresent()) {
            return Optional.of(name + " is a " + kind.label().toLowerCase(java.util.Locale.ROOT) + ", which takes no "
                    + action.type().toolName());
        }
        Optional<String> pinArgument = action.argument("pin");
        if (pinArgument.isPresent()) {
            String pinId = pinId(pinArgument.get());
            Pin pin = pins.get(pinId);
            if (pin == null) {
                return Optional.of(takenDown.stream().anyMatch(gone -> gone.id().equals(pinId))
                        ? "Pin " + pinId + " was taken down: its score fell to " + Pin.TAKE_DOWN_AT
                        : "There is no pin " + pinId + " on " + name);
            }
            if (action.type() == ActionType.RELEASE && !pin.kept()) {
                return Optional.of("Pin " + pinId + " is not kept");
            }
        }
        return switch (action.type()) {
            case PIN -> pins.size() >= MAX_PINS ? Optional.of(name + " is full (" + MAX_PINS + " pins): vote one"
                    + " down or release one first") : Optional.empty();
            case READ -> Optional.empty();
            case REMEMBER, FORGET -> !actor.id().equals(owner) ? Optional.of("Only " + name + "'s agent writes in it")
                    : action.type() == ActionType.FORGET && note(action).isEmpty()
                    ? Optional.of("There is no note " + action.argument("note").orElse("") + " to forget")
                    : Optional.empty();
            default -> Optional.empty();
        };
    }

    private Optional<Entry> note(Action action) {
        int number = Integer.parseInt(action.argument("note").orElse("-1"));
        return entries.stream().filter(entry -> entry.number() == number).findFirst();
    }

    /** "p3", " P3 " and "3" all name pin P3. */
    static String pinId(String typed) {
        String stripped = typed.strip().toUpperCase(java.util.Locale.ROOT);
        return stripped.startsWith("P") ? stripped : "P" + stripped;
    }

    /** Whether {@code agent} follows this element: it is its own, or it acted on it. */
    public boolean followedBy(String agent) {
        return agent.equals(owner) || actors.contains(agent);
    }

    /** Whether the change from {@code provenance} is already in the history: an action is applied once. */
    public boolean hasApplied(Provenance provenance) {
        return !provenance.isByHand() && applied.contains(provenance);
    }

    public String id() {
        return id;
    }

    public ElementKind kind() {
        return kind;
    }

    public String name() {
        return name;
    }

    public Optional<String> owner() {
        return Optional.ofNullable(owner);
    }

    public long version() {
        return version;
    }

    public boolean exists() {
        return kind != null;
    }

    /** Posts of a board, messages of an inbox, notes of a memory: oldest first. */
    public List<Entry> entries() {
        return Collections.unmodifiableList(entries);
    }

    /** The pins up, highest score first (the older first among equals). */
    public List<Pin> topPins() {
        List<Pin> sorted = new ArrayList<>(pins.values());
        sorted.sort(java.util.Comparator.comparingInt(Pin::score).reversed());
        return sorted;
    }

    /** The id of the pin put up last ("P0" before any). */
    public String lastPin() {
        return "P" + pinsMade;
    }

    /** Renamed in the log (an element's name is its stream's title). */
    public void rename(String newName) {
        name = newName;
    }

    /** A copy that later changes to this one leave alone: what a turn reads while others write. */
    public ElementState copy() {
        ElementState copy = new ElementState(id);
        copy.kind = kind;
        copy.name = name;
        copy.owner = owner;
        copy.version = version;
        copy.entries.addAll(entries);
        // The comments are copied, and each pin made over its copy: the copy's pins do not change with these.
        commentsByPin.forEach((pinId, comments) -> copy.commentsByPin.put(pinId, new ArrayList<>(comments)));
        pins.forEach((pinId, pin) -> copy.pins.put(pinId,
                pin.withComments(Collections.unmodifiableList(copy.commentsByPin.get(pinId)))));
        takenDown.forEach(pin -> copy.takenDown.add(pin.withComments(List.copyOf(pin.comments()))));
        copy.pinsMade = pinsMade;
        copy.entriesMade = entriesMade;
        copy.readUpTo = readUpTo;
        copy.rules = rules;
        copy.blocks.putAll(blocks);
        copy.summary = summary;
        copy.applied.addAll(applied);
        copy.actors.addAll(actors);
        return copy;
    }

    public List<Pin> takenDown() {
        return Collections.unmodifiableList(takenDown);
    }

    /** How many of an inbox's messages its agent has not read. */
    public int unread() {
        return (int) entries.stream().filter(entry -> entry.number() > readUpTo).count();
    }

    public List<Entry> unreadEntries() {
        return entries.stream().filter(entry -> entry.number() > readUpTo).toList();
    }

    public String rules() {
        return rules;
    }

    /** A memory's blocks, in the order they were first written. */
    public List<ElementEvent.BlockWritten> blocks() {
        return List.copyOf(blocks.values());
    }

    /** A memory's summary of its agent's recent interactions ("" before the first). */
    public String summary() {
        return summary;
    }
}
