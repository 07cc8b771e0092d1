package dev.workshop.gateway.mcp;

import java.util.function.Consumer;

/** The last line a server wrote to its stderr: what a server that exited says of why. */
final class StderrTail implements Consumer<String> {
    private static final int MAX = 300;
    private volatile String last = "";

    @Override
    public void accept(String line) {
        if (line != null && !line.isBlank()) {
            String stripped = line.strip();
            last = stripped.length() <= MAX ? stripped : stripped.substring(0, MAX) + "…";
        }
    }

    String last() {
        return last;
    }
}
