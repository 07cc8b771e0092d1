package dev.workshop.orchestration;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** Who hears of what the loops and the commands did: the app's views, the command line's printer, the saver. */
final class LoopEvents {
    private final List<Consumer<LoopEvent>> listeners = new CopyOnWriteArrayList<>();

    void subscribe(Consumer<LoopEvent> listener) {
        listeners.add(listener);
    }

    /**
     * Tells every listener, each on its own: one that fails (a view reading a store that is being closed) is
     * reported and skipped, so the loop that publishes still finishes its bookkeeping and the others still hear.
     */
    void publish(LoopEvent event) {
        for (Consumer<LoopEvent> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException failed) {
                // The kind of event only: an event can carry a message's text, which no log holds.
                System.getLogger(LoopEvents.class.getName()).log(System.Logger.Level.WARNING,
                        "A listener of conversation events failed on " + event.getClass().getSimpleName(), failed);
            }
        }
    }
}
