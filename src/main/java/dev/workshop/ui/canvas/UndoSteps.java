package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.EditHistory;
import dev.workshop.domain.canvas.ElementPlacement;
import dev.workshop.domain.canvas.InstanceId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Undo and redo of the canvas: each user edit (place, move, tie, remove, duplicate, an agent renamed or edited in
 * the agent editor…) is one named step of the agents, ropes and agent definitions before and after it. A step that
 * changes definitions writes them back to the agent directory off the FX thread, then sets the layout. FX thread
 * only.
 */
public final class UndoSteps {
    private final CanvasContents canvas;
    private final CanvasSeams seams;
    private final CanvasSelection selection;
    private final EditHistory history = new EditHistory();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper undoLabel = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper redoLabel = new ReadOnlyStringWrapper("");
    /** A step's definitions are being written to the agent directory; the steps asked for meanwhile wait. */
    private boolean writing;
    private final java.util.Deque<Runnable> waiting = new java.util.ArrayDeque<>();

    UndoSteps(CanvasContents canvas, CanvasSeams seams, CanvasSelection selection) {
        this.canvas = canvas;
        this.seams = seams;
        this.selection = selection;
    }

    /** A new scene: nothing to undo or redo. */
    void clear() {
        history.clear();
        historyChanged();
    }

    /** Runs one user edit of the layout and records it as a step, unless it changed nothing. */
    <T> T edit(String label, Supplier<T> change) {
        EditHistory.Layout before = layout();
        T result = change.get();
        if (history.record(label, before, layout())) {
            historyChanged();
        }
        return result;
    }

    void editing(String label, Runnable change) {
        edit(label, () -> {
            change.run();
            return label;
        });
    }

    private EditHistory.Layout layout() {
        return EditHistory.Layout.of(canvas.agents().stream().map(AgentNodeModel::toInstance).toList(), canvas.ropes(),
                canvas.palette(), canvas.elements().stream().map(ElementNodeModel::toPlacement).toList());
    }

    /**
     * Runs {@code reload} (the palette taken again from the agent directory after the agent editor changed it) and
     * records what it changed as one step, named for it: "rename Ada to Bo", "edit Ada", "add Cy"…
     */
    void agentsEdited(Runnable reload) {
        EditHistory.Layout before = layout();
        reload.run();
        EditHistory.Layout after = layout();
        if (history.record(AgentEdits.label(before.definitions(), after.definitions()), before, after)) {
            historyChanged();
        }
    }

    /**
     * Takes the latest edit back. An edit whose undoing would take an agent off the canvas while it is in a
     * running conversation is not undone (that would end the conversation): the notice says why.
     */
    public boolean undo() {
        return whenWritten(() -> step(history.nextUndo(), "undo", history::undo, "Undone: "));
    }

    public boolean redo() {
        return whenWritten(() -> step(history.nextRedo(), "redo", history::redo, "Redone: "));
    }

    /**
     * Runs a step now, or, while a step's definitions are still being written, once they are: steps apply in the
     * order they were asked for (an Undo then a quick Redo of a Duplicate never ends with the copy removed).
     */
    private boolean whenWritten(java.util.function.BooleanSupplier step) {
        if (writing) {
            waiting.add(step::getAsBoolean);
            return true;
        }
        return step.getAsBoolean();
    }

    private boolean step(Optional<EditHistory.Change> next, String verb, Supplier<Optional<EditHistory.Change>> take,
                         String done) {
        if (next.isEmpty()) {
            return false;
        }
        Optional<AgentNodeModel> talking = next.get().removedInstances().stream().map(canvas::find)
                .flatMap(Optional::stream).filter(agent -> !agent.conversations().isEmpty()).findFirst();
        if (talking.isPresent()) {
            seams.tell("Cannot " + verb + " \"" + next.get().label() + "\": " + talking.get().name()
                    + " is in a running conversation. Stop it first.");
            return false;
        }
        EditHistory.Change change = take.get().orElseThrow();
        historyChanged();
        if (change.definitions().isEmpty()) {
            apply(change);
            seams.tell(done + change.label());
        } else {
            // The definitions go back to the agent directory first (a file written), then the layout follows.
            writing = true;
            seams.inBackground(verb + " \"" + change.label() + "\"", () -> {
                try {
                    change.definitions().forEach((id, target) -> target.ifPresentOrElse(
                            canvas.agentDirectory()::save, () -> canvas.agentDirectory().remove(id)));
                } finally {
                    seams.onFx(() -> {
                        canvas.reloadPalette();
                        apply(change);
                        seams.tell(done + change.label());
                        writing = false;
                        Optional.ofNullable(waiting.poll()).ifPresent(Runnable::run);
                    });
                }
            });
        }
        return true;
    }

    private void apply(EditHistory.Change change) {
        List<InstanceId> touched = new ArrayList<>();
        change.instances().forEach((id, target) -> {
            Optional<AgentNodeModel> present = canvas.find(id);
            if (target.isEmpty()) {
                present.ifPresent(canvas::takeOff);
            } else if (present.isPresent()) {
                present.get().putAt(target.get().position());
                present.get().changeBehaviour(target.get().behaviour());
                touched.add(id);
            } else {
                // An agent whose definition was removed since cannot come back.
                canvas.definition(target.get().agentId())
                        .ifPresent(definition -> touched.add(canvas.add(target.get(), definition).id()));
            }
        });
        change.ropes().forEach((id, target) -> {
            canvas.ropesToEdit().removeIf(rope -> rope.id().equals(id));
            target.filter(rope -> canvas.find(rope.from()).isPresent() && canvas.find(rope.to()).isPresent())
                    .ifPresent(canvas.ropesToEdit()::add);
        });
        change.elements().forEach(this::applyToElement);
        // The agents the step brought back or moved become the selection; taking one away leaves the rest.
        if (!touched.isEmpty()) {
            selection.select(touched, false);
        }
        seams.sceneChanged();
    }

    /**
     * An element the step moves, takes off or brings back: taken off, its stream is marked removed (no prompt shows
     * it); brought back, the removal is taken back first, off the FX thread, then its card returns.
     */
    private void applyToElement(String id, Optional<ElementPlacement> target) {
        Optional<ElementNodeModel> present = canvas.findElement(id);
        if (target.isEmpty()) {
            present.ifPresent(element -> {
                canvas.elements().remove(element);
                seams.inBackground("remove " + element.name(), () -> canvas.elementStreams().remove(id));
            });
        } else if (present.isPresent()) {
            present.get().positionProperty().set(target.get().position());
        } else {
            seams.inBackground("bring an element back", () -> {
                canvas.elementStreams().restore(id);
                canvas.elementStreams().find(id).ifPresent(state -> seams.onFx(() -> {
                    canvas.elements().add(new ElementNodeModel(state, target.get().position()));
                    seams.sceneChanged();
                }));
            });
        }
    }

    private void historyChanged() {
        canUndo.set(history.canUndo());
        canRedo.set(history.canRedo());
        undoLabel.set(history.nextUndo().map(EditHistory.Change::label).orElse(""));
        redoLabel.set(history.nextRedo().map(EditHistory.Change::label).orElse(""));
    }

    /** "Ada", "Ada and Bo" or "3 agents", for the names of steps. */
    static String names(Collection<AgentNodeModel> targets) {
        List<AgentNodeModel> list = List.copyOf(targets);
        return switch (list.size()) {
            case 1 -> list.get(0).name();
            case 2 -> list.get(0).name() + " and " + list.get(1).name();
            default -> list.size() + " agents";
        };
    }

    ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    /** What Undo would take back ("move Ada"), or empty. */
    ReadOnlyStringProperty undoLabelProperty() {
        return undoLabel.getReadOnlyProperty();
    }

    ReadOnlyStringProperty redoLabelProperty() {
        return redoLabel.getReadOnlyProperty();
    }
}
