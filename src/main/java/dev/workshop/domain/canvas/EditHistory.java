package dev.workshop.domain.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The user's edits to the canvas layout (agents placed, moved, removed, ropes tied, relabelled, cut) and to the
 * agents it places (duplicated, renamed, edited in the agent editor), as steps that can be undone and redone.
 *
 * <p>A step keeps only what it changed: the agents, ropes and agent definitions that differ between the layout
 * before and after it. Undoing puts exactly those back, so whatever happened on the canvas meanwhile without being a
 * step (an agent placed for a resumed conversation, another agent wandering) is left as it is.
 */
public final class EditHistory {
    /** Enough to go back over a working session, few enough that the history stays small. */
    public static final int DEFAULT_LIMIT = 100;

    private final int limit;
    private final Deque<Step> undo = new ArrayDeque<>();
    private final Deque<Step> redo = new ArrayDeque<>();

    public EditHistory(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("An edit history keeps at least one step, not " + limit);
        }
        this.limit = limit;
    }

    public EditHistory() {
        this(DEFAULT_LIMIT);
    }

    /**
     * The agents, ropes and shared elements on the canvas at one moment, and the definitions of the agents it
     * offers, by id.
     */
    public record Layout(Map<InstanceId, AgentInstance> instances, Map<String, Rope> ropes,
                         Map<AgentId, AgentDefinition> definitions, Map<String, ElementPlacement> elements) {
        public Layout {
            instances = Map.copyOf(instances);
            ropes = Map.copyOf(ropes);
            definitions = Map.copyOf(definitions);
            elements = Map.copyOf(elements);
        }

        public Layout(Map<InstanceId, AgentInstance> instances, Map<String, Rope> ropes,
                      Map<AgentId, AgentDefinition> definitions) {
            this(instances, ropes, definitions, Map.of());
        }

        public static Layout of(Collection<AgentInstance> instances, Collection<Rope> ropes,
                                Collection<AgentDefinition> definitions, Collection<ElementPlacement> elements) {
            return new Layout(byId(instances, AgentInstance::id), byId(ropes, Rope::id),
                    byId(definitions, AgentDefinition::id), byId(elements, ElementPlacement::elementId));
        }

        public static Layout of(Collection<AgentInstance> instances, Collection<Rope> ropes) {
            return of(instances, ropes, java.util.List.of());
        }

        public static Layout of(Collection<AgentInstance> instances, Collection<Rope> ropes,
                                Collection<AgentDefinition> definitions) {
            return new Layout(byId(instances, AgentInstance::id), byId(ropes, Rope::id),
                    byId(definitions, AgentDefinition::id));
        }

        private boolean isEmpty() {
            return instances.isEmpty() && ropes.isEmpty() && definitions.isEmpty() && elements.isEmpty();
        }
    }

    /**
     * What one direction of a step sets: each agent or rope named here becomes the value given, or is removed
     * when the value is empty.
     */
    public record Change(String label, Map<InstanceId, Optional<AgentInstance>> instances,
                         Map<String, Optional<Rope>> ropes, Map<AgentId, Optional<AgentDefinition>> definitions,
                         Map<String, Optional<ElementPlacement>> elements) {
        public Change {
            Objects.requireNonNull(label, "label");
            instances = Map.copyOf(instances);
            ropes = Map.copyOf(ropes);
            definitions = Map.copyOf(definitions);
            elements = Map.copyOf(elements);
        }

        /** The agents this change takes off the canvas. */
        public Set<InstanceId> removedInstances() {
            Set<InstanceId> removed = new HashSet<>();
            instances.forEach((id, value) -> {
                if (value.isEmpty()) {
                    removed.add(id);
                }
            });
            return removed;
        }
    }

    /** One undoable step: the changed parts as they were before it and as it left them. */
    private record Step(String label, Layout before, Layout after) {
        Change towards(Layout target, Layout other) {
            return new Change(label, towards(target.instances(), other.instances()),
                    towards(target.ropes(), other.ropes()), towards(target.definitions(), other.definitions()),
                    towards(target.elements(), other.elements()));
        }

        /** Every key of either side, set to the target's value (empty: removed). */
        private static <K, V> Map<K, Optional<V>> towards(Map<K, V> target, Map<K, V> other) {
            Map<K, Optional<V>> set = new LinkedHashMap<>();
            Set<K> keys = new HashSet<>(target.keySet());
            keys.addAll(other.keySet());
            keys.forEach(key -> set.put(key, Optional.ofNullable(target.get(key))));
            return set;
        }
    }

    /**
     * Records a step that took the layout from {@code before} to {@code after}; a step that changed nothing
     * (a click on an agent without moving it) is not recorded. A new step forgets what could be redone.
     *
     * @return whether a step was recorded
     */
    public boolean record(String label, Layout before, Layout after) {
        Layout changedBefore = new Layout(changed(before.instances(), after.instances()),
                changed(before.ropes(), after.ropes()), changed(before.definitions(), after.definitions()),
                changed(before.elements(), after.elements()));
        Layout changedAfter = new Layout(changed(after.instances(), before.instances()),
                changed(after.ropes(), before.ropes()), changed(after.definitions(), before.definitions()),
                changed(after.elements(), before.elements()));
        if (changedBefore.isEmpty() && changedAfter.isEmpty()) {
            return false;
        }
        undo.push(new Step(label, changedBefore, changedAfter));
        while (undo.size() > limit) {
            undo.removeLast();
        }
        redo.clear();
        return true;
    }

    /** What undoing the latest step would set, without undoing it (to check it can be applied). */
    public Optional<Change> nextUndo() {
        return Optional.ofNullable(undo.peek()).map(step -> step.towards(step.before(), step.after()));
    }

    public Optional<Change> nextRedo() {
        return Optional.ofNullable(redo.peek()).map(step -> step.towards(step.after(), step.before()));
    }

    /** Takes the latest step back: returns what to set, and the step can then be redone. */
    public Optional<Change> undo() {
        Optional<Change> change = nextUndo();
        if (change.isPresent()) {
            redo.push(undo.pop());
        }
        return change;
    }

    public Optional<Change> redo() {
        Optional<Change> change = nextRedo();
        if (change.isPresent()) {
            undo.push(redo.pop());
        }
        return change;
    }

    /** Forgets every step (another scene was loaded). */
    public void clear() {
        undo.clear();
        redo.clear();
    }

    public boolean canUndo() {
        return !undo.isEmpty();
    }

    public boolean canRedo() {
        return !redo.isEmpty();
    }

    /** The entries of {@code side} that the other side lacks or holds differently. */
    private static <K, V> Map<K, V> changed(Map<K, V> side, Map<K, V> other) {
        Map<K, V> changed = new HashMap<>();
        side.forEach((key, value) -> {
            if (!value.equals(other.get(key))) {
                changed.put(key, value);
            }
        });
        return changed;
    }

    private static <K, V> Map<K, V> byId(Collection<V> values, Function<V, K> id) {
        Map<K, V> byId = new LinkedHashMap<>();
        values.forEach(value -> byId.put(id.apply(value), value));
        return byId;
    }
}
