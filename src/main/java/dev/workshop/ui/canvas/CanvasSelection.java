package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.SceneSettings;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Which agents are selected: by click, rubber band, Ctrl+A, or Tab in reading order. FX thread only. */
public final class CanvasSelection {
    /** How many picks have been made: each selected agent is stamped with the count at its pick. */
    private long picks;
    /** Tab's order on the canvas: rows one grid step high, top to bottom, each left to right. */
    private static final Comparator<AgentNodeModel> READING_ORDER = Comparator
            .comparingLong((AgentNodeModel agent) -> Math.round(agent.position().y() / SceneSettings.GRID_SPACING))
            .thenComparingDouble(agent -> agent.position().x())
            .thenComparing(agent -> agent.id().value());
    private final CanvasContents canvas;

    CanvasSelection(CanvasContents canvas) {
        this.canvas = canvas;
    }

    public void select(Collection<InstanceId> ids, boolean addToSelection) {
        if (!addToSelection) {
            canvas.agents().forEach(agent -> agent.setSelected(false));
        }
        ids.forEach(id -> canvas.find(id).ifPresent(agent -> agent.select(++picks, true)));
    }

    public void toggleSelected(InstanceId id) {
        canvas.find(id).ifPresent(agent -> {
            if (agent.selectedProperty().get()) {
                agent.setSelected(false);
            } else {
                agent.select(++picks, true);
            }
        });
    }

    public void selectAll() {
        // All at once: in the canvas's order, whichever were picked before.
        canvas.agents().forEach(agent -> agent.select(++picks, false));
    }

    public void clearSelection() {
        canvas.agents().forEach(agent -> agent.setSelected(false));
    }

    /** Selects every agent inside the world rectangle (rubber band). */
    public void selectWithin(Bounds area, boolean addToSelection) {
        select(canvas.agents().stream().filter(agent -> area.contains(agent.position())).map(AgentNodeModel::id).toList(),
                addToSelection);
    }

    /** The agents selected, in the order they were picked: the order a conversation started from them speaks in. */
    public List<AgentNodeModel> selection() {
        return canvas.agents().stream().filter(agent -> agent.selectedProperty().get())
                .sorted(Comparator.comparingLong(AgentNodeModel::selectionOrder)).toList();
    }

    /**
     * Selects the agent after the one selected last in reading order (rows of one grid step, top to bottom, each
     * left to right), or before it when {@code backwards}: Tab on the canvas. Stepping past the last (or first)
     * agent clears the selection and returns empty, so that the keyboard's focus can move on from the canvas.
     */
    public Optional<AgentNodeModel> selectNext(boolean backwards) {
        List<AgentNodeModel> order = canvas.agents().stream().sorted(READING_ORDER).toList();
        if (order.isEmpty()) {
            return Optional.empty();
        }
        // From the last agent selected going on, from the first going back; from either end when none is.
        int first = -1;
        int last = -1;
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).selectedProperty().get()) {
                first = first == -1 ? i : first;
                last = i;
            }
        }
        int next = backwards ? (first == -1 ? order.size() - 1 : first - 1) : last + 1;
        if (next < 0 || next >= order.size()) {
            clearSelection();
            return Optional.empty();
        }
        AgentNodeModel chosen = order.get(next);
        select(List.of(chosen.id()), false);
        return Optional.of(chosen);
    }
}
