package dev.workshop.ui.canvas;

/**
 * What every part of the canvas needs of the canvas around it, and nothing more: the scene saved soon after a
 * change, a sentence in the status bar, and work moved off the FX thread and back. Handed to each part when it is
 * made, so a part reaches neither the view-model nor its siblings through it.
 */
interface CanvasSeams {
    /** The scene changed: it is saved shortly. */
    void sceneChanged();

    /** Says {@code message} in the status bar (FX thread). */
    void tell(String message);

    /** Back on the FX thread, from work done off it. */
    void onFx(Runnable work);

    /** Runs {@code work} off the FX thread; a failure is told in the status bar as "Could not {@code what}: why". */
    void inBackground(String what, Runnable work);
}
