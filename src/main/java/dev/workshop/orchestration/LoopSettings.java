package dev.workshop.orchestration;

/**
 * How loops run: the default number of turns, how many conversations run at once (the rest are queued),
 * the prompt's message window, how many resumes without progress fail a conversation, and how many tool calls a
 * turn may make before its model is asked to answer without tools.
 */
public record LoopSettings(int defaultMaxTurns, int concurrencyLimit, int messageWindow, int maxResumesWithoutProgress,
                           int maxToolCalls) {
    public static final int DEFAULT_TOOL_CALLS = dev.workshop.domain.settings.Preferences.DEFAULT_TOOL_CALLS;
    public static final LoopSettings DEFAULTS = new LoopSettings(6, 3, 8, 3);

    public LoopSettings {
        if (defaultMaxTurns < 1 || concurrencyLimit < 1 || messageWindow < 1 || maxResumesWithoutProgress < 1
                || maxToolCalls < 0) {
            throw new IllegalArgumentException("Loop settings must all be at least 1 (tool calls at least 0)");
        }
    }

    public LoopSettings(int defaultMaxTurns, int concurrencyLimit, int messageWindow, int maxResumesWithoutProgress) {
        this(defaultMaxTurns, concurrencyLimit, messageWindow, maxResumesWithoutProgress, DEFAULT_TOOL_CALLS);
    }

    public LoopSettings withMessageWindow(int window) {
        return new LoopSettings(defaultMaxTurns, concurrencyLimit, window, maxResumesWithoutProgress, maxToolCalls);
    }

    public LoopSettings withConcurrencyLimit(int limit) {
        return new LoopSettings(defaultMaxTurns, limit, messageWindow, maxResumesWithoutProgress, maxToolCalls);
    }

    public LoopSettings withMaxToolCalls(int calls) {
        return new LoopSettings(defaultMaxTurns, concurrencyLimit, messageWindow, maxResumesWithoutProgress, calls);
    }
}
