package dev.workshop.orchestration;

/**
 * How loops run: the default number of turns, how many conversations run at once (the rest are queued),
 * the prompt's message window, and how many resumes without progress fail a conversation.
 */
public record LoopSettings(int defaultMaxTurns, int concurrencyLimit, int messageWindow, int maxResumesWithoutProgress) {
    public static final LoopSettings DEFAULTS = new LoopSettings(6, 3, 8, 3);

    public LoopSettings {
        if (defaultMaxTurns < 1 || concurrencyLimit < 1 || messageWindow < 1 || maxResumesWithoutProgress < 1) {
            throw new IllegalArgumentException("Loop settings must all be at least 1");
        }
    }

    public LoopSettings withMessageWindow(int window) {
        return new LoopSettings(defaultMaxTurns, concurrencyLimit, window, maxResumesWithoutProgress);
    }

    public LoopSettings withConcurrencyLimit(int limit) {
        return new LoopSettings(defaultMaxTurns, limit, messageWindow, maxResumesWithoutProgress);
    }
}
