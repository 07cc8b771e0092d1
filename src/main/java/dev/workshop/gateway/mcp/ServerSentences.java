package dev.workshop.gateway.mcp;

import dev.workshop.domain.tool.ToolServer;
import java.util.concurrent.TimeoutException;

/** One sentence for what went wrong with an outside server: never a stack trace, never a header or a secret. */
final class ServerSentences {
    private ServerSentences() {
    }

    static String couldNotStart(ToolServer server, RuntimeException failed, String stderr) {
        if (failed instanceof StartWatch.ServerExited) {
            return "Tool server " + server.name() + " cannot start: it exited" + (stderr.isEmpty() ? ""
                    : ", saying: " + stderr);
        }
        if (causedBy(failed, TimeoutException.class)) {
            return "Tool server " + server.name() + " cannot start: it did not answer within "
                    + server.timeout().toSeconds() + " s" + (stderr.isEmpty() ? "" : " (it said: " + stderr + ")");
        }
        if (!stderr.isEmpty()) {
            return "Tool server " + server.name() + " cannot start: it exited, saying: " + stderr;
        }
        return "Tool server " + server.name() + " cannot start: " + root(failed);
    }

    static String failed(ToolServer server, String doing, RuntimeException failed, String stderr) {
        return "Tool server " + server.name() + " could not " + doing + ": " + (stderr.isEmpty() ? root(failed)
                : "it said: " + stderr);
    }

    static boolean causedBy(Throwable failed, Class<? extends Throwable> kind) {
        for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
            if (kind.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }

    /** The deepest cause in words: the network's usual failures said plainly, else its message, else its kind. */
    private static String root(Throwable failed) {
        Throwable root = failed;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (causedBy(failed, java.nio.channels.UnresolvedAddressException.class)
                || causedBy(failed, java.net.UnknownHostException.class)) {
            return "its host cannot be found (is the address right, and the network up?)";
        }
        if (causedBy(failed, java.net.ConnectException.class)) {
            return "nothing answers at its address (is the server running?)";
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message.strip();
    }
}
