package dev.workshop.cli;

/** The exit codes of the {@code workshop} command; scripts depend on them. */
final class ExitCode {
    public static final int OK = 0;
    /** Bad usage or input: one line on stderr names the problem. */
    public static final int USAGE = 2;
    public static final int DATA_DIRECTORY_IN_USE = 3;
    public static final int STORE_ERROR = 4;
    /** The conversation ended interrupted or failed. */
    public static final int CONVERSATION_NOT_COMPLETED = 5;
    /** An outside tool server could not start or answer (the sentence on stderr says why). */
    public static final int TOOL_SERVER_FAILED = 6;
    /** The audit trail's hash chain is broken: an entry was changed or is missing. */
    public static final int AUDIT_BROKEN = 7;

    private ExitCode() {
    }
}
