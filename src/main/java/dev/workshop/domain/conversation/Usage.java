package dev.workshop.domain.conversation;

/**
 * What producing one message cost, as the provider reported it: tokens ({@code -1} when not reported), the
 * time from request to last token, and the model that answered; and whether the reply stopped because it reached
 * the reply's token limit ({@code finish_reason: length}) rather than because it was done.
 */
public record Usage(int promptTokens, int completionTokens, long latencyMillis, String model,
                    boolean cutAtTokenLimit) {
    public static final Usage NONE = new Usage(-1, -1, 0, "");

    public Usage {
        model = model == null ? "" : model;
    }

    public Usage(int promptTokens, int completionTokens, long latencyMillis, String model) {
        this(promptTokens, completionTokens, latencyMillis, model, false);
    }

    /** This usage, for a reply cut at the token limit. */
    public Usage cutAtTokenLimit(boolean cut) {
        return new Usage(promptTokens, completionTokens, latencyMillis, model, cut);
    }

    public boolean isKnown() {
        return !equals(NONE);
    }
}
