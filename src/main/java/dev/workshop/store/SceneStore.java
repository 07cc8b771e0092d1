package dev.workshop.store;

import dev.workshop.domain.canvas.CanvasScene;

/** Where the canvas scene is kept between runs. */
public interface SceneStore {
    /** The saved scene, or {@link CanvasScene#EMPTY} the first time. */
    CanvasScene load();

    /** Replaces the saved scene; durable when this returns. */
    void save(CanvasScene scene);
}
