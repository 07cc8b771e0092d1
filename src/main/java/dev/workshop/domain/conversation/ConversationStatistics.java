package dev.workshop.domain.conversation;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Session statistics summed over a conversation's messages: tokens, models used and time spent answering. */
public record ConversationStatistics(int messages, long promptTokens, long completionTokens, long answeringMillis,
                                     Set<String> models) {

    public static ConversationStatistics of(List<RecordedEvent> history) {
        List<Usage> usages = new ArrayList<>();
        for (RecordedEvent recorded : history) {
            if (recorded.event() instanceof MessageRecorded message) {
                usages.add(message.usage());
            }
        }
        return ofUsages(usages);
    }

    /** The statistics of messages that cost {@code usages}, one per message. */
    public static ConversationStatistics ofUsages(List<Usage> usages) {
        long prompt = 0;
        long completion = 0;
        long millis = 0;
        Set<String> models = new LinkedHashSet<>();
        for (Usage usage : usages) {
            prompt += Math.max(0, usage.promptTokens());
            completion += Math.max(0, usage.completionTokens());
            millis += usage.latencyMillis();
            if (!usage.model().isEmpty()) {
                models.add(usage.model());
            }
        }
        return new ConversationStatistics(usages.size(), prompt, completion, millis, Set.copyOf(models));
    }
}
