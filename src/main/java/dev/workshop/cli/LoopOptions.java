package dev.workshop.cli;

import picocli.CommandLine.Option;

/** Options of the commands that run conversation loops. */
final class LoopOptions {
    @Option(names = "--offline-delay-ms", paramLabel = "MS", defaultValue = "300",
            description = "How long the offline provider takes per reply (default: ${DEFAULT-VALUE}).")
    private long offlineDelayMillis;

    @Option(names = "--stream", description = "Also print a token event for each streamed token.")
    private boolean stream;

    long offlineDelayMillis() {
        return offlineDelayMillis;
    }

    boolean stream() {
        return stream;
    }
}
