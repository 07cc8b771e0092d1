package dev.workshop.ui.palette;

import dev.workshop.domain.agent.AgentDefinition;

/** Where agents dragged out of the palette can land; coordinates are the scene's. */
public interface DropTarget {
    /** The drag is over the scene at this point: show where the agent would land, if it would. */
    void hover(AgentDefinition agent, double sceneX, double sceneY);

    /** The drag ended here; returns whether an agent was placed. */
    boolean drop(AgentDefinition agent, double sceneX, double sceneY);

    /** Places the agent somewhere sensible (a double-click or Enter on the palette entry). */
    void placeInView(AgentDefinition agent);

    /** Places a new shared element of {@code kind} somewhere sensible in view. */
    void placeElement(dev.workshop.domain.element.ElementKind kind);

    /** A shared element dragged out of the palette ended here; returns whether it was placed. */
    boolean dropElement(dev.workshop.domain.element.ElementKind kind, double sceneX, double sceneY);
}
