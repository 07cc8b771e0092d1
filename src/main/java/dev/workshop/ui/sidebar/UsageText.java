package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.Usage;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a message or a conversation cost, in words: the reply's tokens and time beside each message, the model
 * and the prompt's tokens on hover, and the totals of the conversation. With a paid model a reader wants to
 * see where the tokens go (desktop chat apps show them under every reply); the log keeps them for every
 * message already.
 */
final class UsageText {
    private final NumberFormat numbers;
    private final NumberFormat tenths;

    private UsageText(Locale locale) {
        this.numbers = NumberFormat.getIntegerInstance(locale);
        this.tenths = NumberFormat.getNumberInstance(locale);
        tenths.setMinimumFractionDigits(1);
        tenths.setMaximumFractionDigits(1);
    }

    /** Numbers written as this machine's language writes them. */
    static UsageText here() {
        return new UsageText(Locale.getDefault(Locale.Category.FORMAT));
    }

    static UsageText in(Locale locale) {
        return new UsageText(locale);
    }

    /** Beside a message: "86 tokens · 2.4 s"; only the time when tokens were not reported; "" when nothing was. */
    String brief(Usage usage) {
        if (!usage.isKnown()) {
            return "";
        }
        String time = usage.latencyMillis() > 0 ? seconds(usage.latencyMillis()) : "";
        if (usage.completionTokens() < 0) {
            return time;
        }
        String tokens = tokens(usage.completionTokens());
        return time.isEmpty() ? tokens : tokens + " · " + time;
    }

    /** On hover, one fact a line: the model, the tokens each way, the time and its speed. */
    List<String> details(Usage usage) {
        List<String> lines = new ArrayList<>();
        if (!usage.isKnown()) {
            return lines;
        }
        if (!usage.model().isEmpty()) {
            lines.add("Model: " + usage.model());
        }
        if (usage.promptTokens() >= 0 && usage.completionTokens() >= 0) {
            lines.add("Tokens: " + numbers.format(usage.promptTokens()) + " in the prompt, "
                    + numbers.format(usage.completionTokens()) + " in the reply");
        } else if (usage.completionTokens() >= 0) {
            lines.add("Tokens: " + numbers.format(usage.completionTokens()) + " in the reply");
        }
        if (usage.latencyMillis() > 0) {
            String speed = usage.completionTokens() > 0
                    ? " (" + numbers.format(Math.round(usage.completionTokens() * 1000.0 / usage.latencyMillis()))
                    + " tokens/s)" : "";
            lines.add("Answered in " + seconds(usage.latencyMillis()) + speed);
        }
        return lines;
    }

    /**
     * A conversation's totals over its messages: "6 replies · 1,234 tokens in, 456 out · 12 s answering" and
     * the models, or "" when no message reported a cost.
     */
    String totals(List<MessageItem> messages) {
        List<Usage> usages = messages.stream().map(MessageItem::usage).filter(Usage::isKnown).toList();
        if (usages.isEmpty()) {
            return "";
        }
        ConversationStatistics totals = ConversationStatistics.ofUsages(usages);
        StringBuilder text = new StringBuilder()
                .append(numbers.format(totals.messages())).append(totals.messages() == 1 ? " reply" : " replies")
                .append(" · ").append(numbers.format(totals.promptTokens())).append(" tokens in, ")
                .append(numbers.format(totals.completionTokens())).append(" out");
        if (totals.answeringMillis() > 0) {
            text.append(" · ").append(seconds(totals.answeringMillis())).append(" answering");
        }
        if (!totals.models().isEmpty()) {
            text.append('\n').append(totals.models().size() == 1 ? "Model: " : "Models: ")
                    .append(String.join(", ", totals.models().stream().sorted().toList()));
        }
        return text.toString();
    }

    private String tokens(int count) {
        return numbers.format(count) + (count == 1 ? " token" : " tokens");
    }

    /** "0.4 s" and "2.4 s" (tenths matter for a quick reply), "34 s", then "2 min 5 s". */
    String seconds(long millis) {
        if (millis < 9_950) {
            return tenths.format(millis / 1000.0) + " s";
        }
        long whole = Math.round(millis / 1000.0);
        return whole < 60 ? whole + " s" : whole / 60 + " min " + whole % 60 + " s";
    }
}
