package dev.workshop.orchestration;

import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.HeldLayout;
import dev.workshop.store.SceneStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Saves the canvas scene shortly after it stops changing (a drag produces one save, not sixty) and at once
 * on {@link #flush()}. Saving runs on its own virtual thread; a failed save is reported and tried again with
 * the next change or flush, and the newest scene is never replaced by an older one.
 */
public final class SceneKeeper implements AutoCloseable {
    private final SceneStore store;
    private final Duration quiet;
    private final List<Consumer<String>> failureListeners = new CopyOnWriteArrayList<>();
    private final CanvasScene initial;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private CanvasScene pending;
    /** The newest scene known: the one loaded, or the last one handed in to be saved. */
    private volatile CanvasScene current;
    private final List<Consumer<HeldLayout>> placers = new CopyOnWriteArrayList<>();
    private long pendingSince;
    private boolean closed;
    private final Thread saver;

    /** Loads the saved scene at once (a problem with the file is reported while the workspace opens). */
    public SceneKeeper(SceneStore store, Duration quiet) {
        this.store = store;
        this.quiet = quiet;
        this.initial = store.load();
        this.current = initial;
        this.saver = Thread.ofVirtual().name("scene-saver").start(this::run);
    }

    /** The scene as it was saved when the workspace opened. */
    public CanvasScene initialScene() {
        return initial;
    }

    /** The newest scene: what the canvas showed last (the one saved at launch when nothing changed since). */
    public CanvasScene current() {
        return current;
    }

    /**
     * Puts a re-inflated conversation's agents on the canvas as they were laid out: the canvas does it when it
     * shows ({@link #onPlacement}); without one (the command line) the saved scene takes them.
     */
    public void place(HeldLayout layout, java.util.function.Predicate<dev.workshop.domain.agent.AgentId> agentExists) {
        if (!placers.isEmpty()) {
            placers.forEach(placer -> placer.accept(layout));
            return;
        }
        saveSoon(layout.placeOn(current, agentExists));
    }

    /** The canvas that places re-inflated conversations' agents itself (it owns the live scene). */
    public void onPlacement(Consumer<HeldLayout> placer) {
        placers.add(placer);
    }

    /** Hears about saves that failed (each is retried). */
    public void onFailure(Consumer<String> listener) {
        failureListeners.add(listener);
    }

    /** Remembers the scene to save once no further change arrives for the quiet period. */
    public void saveSoon(CanvasScene scene) {
        lock.lock();
        try {
            pending = scene;
            current = scene;
            pendingSince = System.nanoTime();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Saves the newest scene now, on the calling thread (on exit). */
    public void flush() {
        CanvasScene scene;
        lock.lock();
        try {
            scene = pending;
            pending = null;
        } finally {
            lock.unlock();
        }
        if (scene != null) {
            write(scene);
        }
    }

    private void run() {
        while (true) {
            CanvasScene scene;
            lock.lock();
            try {
                while (!closed && (pending == null || System.nanoTime() - pendingSince < quiet.toNanos())) {
                    if (pending == null) {
                        changed.await();
                    } else {
                        changed.awaitNanos(quiet.toNanos() - (System.nanoTime() - pendingSince));
                    }
                }
                if (closed) {
                    return;
                }
                scene = pending;
                pending = null;
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
            }
            write(scene);
        }
    }

    private void write(CanvasScene scene) {
        try {
            store.save(scene);
        } catch (RuntimeException e) {
            lock.lock();
            try {
                if (pending == null) {
                    // Keep it for the next attempt (unless a newer scene already waits), after a longer pause.
                    pending = scene;
                    pendingSince = System.nanoTime() + Duration.ofSeconds(2).toNanos();
                }
            } finally {
                lock.unlock();
            }
            String message = "The canvas could not be saved (Workshop tries again): " + e.getMessage();
            // Logged always (the terminal and the app's log), shown where someone listens.
            System.getLogger(SceneKeeper.class.getName()).log(System.Logger.Level.WARNING, message);
            failureListeners.forEach(listener -> listener.accept(message));
        }
    }

    /** Saves what is pending and stops the saver thread. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            saver.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
    }
}
