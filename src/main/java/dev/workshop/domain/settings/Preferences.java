package dev.workshop.domain.settings;

/**
 * What the user sets for conversations in the app: the turn limit a new conversation starts with, how many
 * conversations take turns at once (the rest queue), how long an offline reply takes to stream (the built-in
 * provider's pace, so a conversation can be watched), and how many tool calls an agent's turn may make on the shared
 * elements (0: none, markers only); the days a conversation may stand idle before it is marked abandoned, and the
 * days after its end that an ended one is erased for good (0: never, the desktop's default: a user's history is
 * theirs).
 */
public record Preferences(int defaultMaxTurns, int concurrentConversations, long offlineReplyMillis, int maxToolCalls,
                          int abandonAfterDays, int purgeAfterDays) {
    public static final int MAX_TURNS_LIMIT = 200;
    public static final int CONCURRENT_LIMIT = 50;
    public static final long OFFLINE_REPLY_LIMIT_MILLIS = 20_000;
    public static final int TOOL_CALLS_LIMIT = 50;
    /** Enough for a turn that reads, pins and votes a few times; a model looping on tools is stopped there. */
    public static final int DEFAULT_TOOL_CALLS = 8;
    /** The app's defaults: six turns, three at once, an offline reply about as long as reading it, eight calls. */
    public static final Preferences DEFAULTS = new Preferences(6, 3, 1800, DEFAULT_TOOL_CALLS);
    /** The longest retention the settings take, in days (ten years). */
    public static final int RETENTION_DAYS_LIMIT = 3650;
    public static final int DEFAULT_ABANDON_DAYS = 30;

    /** As saved before purging was a setting: nothing purged. */
    public Preferences(int defaultMaxTurns, int concurrentConversations, long offlineReplyMillis, int maxToolCalls,
                       int abandonAfterDays) {
        this(defaultMaxTurns, concurrentConversations, offlineReplyMillis, maxToolCalls, abandonAfterDays, 0);
    }

    /** As saved before the retention policy: abandoned after 30 idle days. */
    public Preferences(int defaultMaxTurns, int concurrentConversations, long offlineReplyMillis, int maxToolCalls) {
        this(defaultMaxTurns, concurrentConversations, offlineReplyMillis, maxToolCalls, DEFAULT_ABANDON_DAYS);
    }

    /** As saved before agents had tools: the default number of calls. */
    public Preferences(int defaultMaxTurns, int concurrentConversations, long offlineReplyMillis) {
        this(defaultMaxTurns, concurrentConversations, offlineReplyMillis, DEFAULT_TOOL_CALLS);
    }

    public Preferences {
        if (purgeAfterDays < 0 || purgeAfterDays > RETENTION_DAYS_LIMIT) {
            throw new IllegalArgumentException("Days before an ended conversation is erased are 0 (never) to "
                    + RETENTION_DAYS_LIMIT + ", not " + purgeAfterDays);
        }
        if (abandonAfterDays < 0 || abandonAfterDays > RETENTION_DAYS_LIMIT) {
            throw new IllegalArgumentException("Days before an idle conversation is abandoned are 0 (never) to "
                    + RETENTION_DAYS_LIMIT + ", not " + abandonAfterDays);
        }
        if (maxToolCalls < 0 || maxToolCalls > TOOL_CALLS_LIMIT) {
            throw new IllegalArgumentException("Tool calls a turn are 0 to " + TOOL_CALLS_LIMIT + ", not "
                    + maxToolCalls);
        }
        if (defaultMaxTurns < 1 || defaultMaxTurns > MAX_TURNS_LIMIT) {
            throw new IllegalArgumentException("A conversation's turns are 1 to " + MAX_TURNS_LIMIT + ", not "
                    + defaultMaxTurns);
        }
        if (concurrentConversations < 1 || concurrentConversations > CONCURRENT_LIMIT) {
            throw new IllegalArgumentException("Conversations at once are 1 to " + CONCURRENT_LIMIT + ", not "
                    + concurrentConversations);
        }
        if (offlineReplyMillis < 0 || offlineReplyMillis > OFFLINE_REPLY_LIMIT_MILLIS) {
            throw new IllegalArgumentException("An offline reply takes 0 to " + OFFLINE_REPLY_LIMIT_MILLIS / 1000
                    + " seconds, not " + offlineReplyMillis + " ms");
        }
    }

    /** The desktop's retention policy with these settings' days (0: never). */
    public dev.workshop.domain.retention.RetentionPolicy retention() {
        return dev.workshop.domain.retention.RetentionPolicy.DESKTOP.withAbandonIdleAfter(days(abandonAfterDays))
                .withPurgeEndedAfter(days(purgeAfterDays));
    }

    /**
     * Whether {@code next} keeps conversations for less time than these settings (a limit lowered, or one set where
     * there was none): it applies to what is already there, so the user is asked first.
     */
    public boolean retentionShortenedBy(Preferences next) {
        return shorter(next.abandonAfterDays, abandonAfterDays) || shorter(next.purgeAfterDays, purgeAfterDays);
    }

    private static boolean shorter(int next, int now) {
        return next != 0 && (now == 0 || next < now);
    }

    private static java.util.Optional<java.time.Duration> days(int days) {
        return days == 0 ? java.util.Optional.empty() : java.util.Optional.of(java.time.Duration.ofDays(days));
    }
}
