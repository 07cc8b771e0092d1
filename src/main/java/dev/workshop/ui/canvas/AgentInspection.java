package dev.workshop.ui.canvas;

import dev.workshop.domain.element.ElementState;
import dev.workshop.orchestration.ContextPreview;
import dev.workshop.orchestration.Memories;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the Inspect agent dialog reads and changes, off the FX thread: an agent's memory (its blocks, notes and
 * summary, which the user can edit, delete and forget) and the context its next turn would send. FX thread only.
 */
public final class AgentInspection {
    private final CanvasSeams seams;
    private final Supplier<Memories> memories;
    private final Supplier<ContextPreview> preview;

    AgentInspection(CanvasSeams seams, Supplier<Memories> memories, Supplier<ContextPreview> preview) {
        this.seams = seams;
        this.memories = memories;
        this.preview = preview;
    }

    /** The agent's memory as it stands (empty before any element is placed), handed back on the FX thread. */
    public void memory(AgentNodeModel agent, Consumer<Optional<ElementState>> shown) {
        seams.inBackground("read " + agent.name() + "'s memory", () -> {
            Optional<ElementState> memory = memories.get().of(agent.agentId().value());
            seams.onFx(() -> shown.accept(memory));
        });
    }

    /** What the agent's next turn would send, handed back on the FX thread. */
    public void context(AgentNodeModel agent, Consumer<Optional<ContextPreview.Shown>> shown) {
        seams.inBackground("show " + agent.name() + "'s context", () -> {
            try {
                Optional<ContextPreview.Shown> next = preview.get().next(agent.agentId());
                seams.onFx(() -> shown.accept(next));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    public void writeBlock(AgentNodeModel agent, String label, String text, int limit, Runnable then) {
        change("write a memory block", () -> memories.get().writeBlock(agent.agentId().value(), label, text, limit),
                then);
    }

    public void removeBlock(AgentNodeModel agent, String label, Runnable then) {
        change("remove a memory block", () -> memories.get().removeBlock(agent.agentId().value(), label), then);
    }

    public void forgetNote(AgentNodeModel agent, int note, Runnable then) {
        change("forget a note", () -> memories.get().forgetNote(agent.agentId().value(), note), then);
    }

    private void change(String what, Runnable change, Runnable then) {
        seams.inBackground(what, () -> {
            change.run();
            seams.onFx(then);
        });
    }
}
