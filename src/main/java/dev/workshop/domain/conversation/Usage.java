package dev.workshop.domain.conversation;

/**
 * What producing one message cost, as the provider reported it: tokens ({@code -1} when not reported), the
 * time from request to last token, and the model that answered.
 */
public record Usage(int promptTokens, int completionTokens, long latencyMillis, String model) {
    public static final Usage NONE = new Usage(-1, -1, 0, "");

    public Usage {
        model = model == null ? "" : model;
    }

    public boolean isKnown() {
        return !equals(NONE);
    }
}
