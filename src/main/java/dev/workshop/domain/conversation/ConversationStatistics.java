package dev.workshop.domain.conversation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a conversation's messages cost, summed: tokens in total and per model, the models used (in the order they
 * first answered) and the time spent answering. The one shape for every reader: the sidebar's usage line, an
 * export, a snapshot and a session held in git.
 *
 * @param messages       the messages counted
 * @param tokensPerModel per model that answered ("unknown" when a reply named none), over the replies whose usage
 *                       was reported
 */
public record ConversationStatistics(int messages, long promptTokens, long completionTokens, long answeringMillis,
                                     List<String> models, Map<String, ModelTokens> tokensPerModel) {
    /** The name a reply's model goes under in {@link #tokensPerModel} when the reply named none. */
    public static final String UNKNOWN_MODEL = "unknown";

    public ConversationStatistics {
        models = List.copyOf(models);
        tokensPerModel = Collections.unmodifiableMap(new LinkedHashMap<>(tokensPerModel));
    }

    /** Tokens one model took in and gave out over the replies it wrote. */
    public record ModelTokens(long promptTokens, long completionTokens, int replies) {
    }

    /**
     * The statistics as a record of them says: {@code messages} counted, tokens per model, the models and the time.
     * The totals are the per-model sums (a reply with no usage reported counts no tokens).
     */
    public static ConversationStatistics of(int messages, Map<String, ModelTokens> tokensPerModel, List<String> models,
                                            long answeringMillis) {
        long prompt = tokensPerModel.values().stream().mapToLong(ModelTokens::promptTokens).sum();
        long completion = tokensPerModel.values().stream().mapToLong(ModelTokens::completionTokens).sum();
        return new ConversationStatistics(messages, prompt, completion, answeringMillis, models, tokensPerModel);
    }

    /** The statistics of messages that cost {@code usages}, one per message. */
    public static ConversationStatistics ofUsages(List<Usage> usages) {
        Map<String, ModelTokens> perModel = new LinkedHashMap<>();
        List<String> models = new ArrayList<>();
        long millis = 0;
        for (Usage usage : usages) {
            if (!usage.isKnown()) {
                continue;
            }
            millis += usage.latencyMillis();
            String model = usage.model().isEmpty() ? UNKNOWN_MODEL : usage.model();
            if (!usage.model().isEmpty() && !models.contains(model)) {
                models.add(model);
            }
            ModelTokens before = perModel.getOrDefault(model, new ModelTokens(0, 0, 0));
            perModel.put(model, new ModelTokens(before.promptTokens() + Math.max(0, usage.promptTokens()),
                    before.completionTokens() + Math.max(0, usage.completionTokens()), before.replies() + 1));
        }
        return of(usages.size(), perModel, models, millis);
    }
}
