package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.tool.Settlement;
import dev.workshop.orchestration.OutsideCallCommands.WaitingCall;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The outside tool call the shown conversation waits on, if it waits on one: read in the background whenever the
 * shown row comes to wait for the user's word on a call, and the user's word given (approve, edit and approve, deny
 * with a reason; or, for a call in doubt, ran / did not run / run again). FX thread only.
 */
public final class CallAwaitingWord {
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
    private final SidebarWork work;
    private final ReadOnlyObjectWrapper<WaitingCall> call = new ReadOnlyObjectWrapper<>();
    /** The conversation and version last read, so a row shown again unchanged is not read again. */
    private String readFor = "";

    CallAwaitingWord(SidebarWork work) {
        this.work = work;
    }

    /** The call the shown conversation waits on; null when it waits on none. */
    public ReadOnlyObjectProperty<WaitingCall> callProperty() {
        return call.getReadOnlyProperty();
    }

    /** Follows the shown row: a row about a call has its call read; any other clears it. */
    void shown(ConversationRow row) {
        boolean aboutACall = row != null && row.status() == ConversationStatus.WAITING
                && Lifecycle.isAboutACall(row.statusCause());
        if (!aboutACall) {
            readFor = "";
            call.set(null);
            return;
        }
        String key = row.id().value() + "@" + row.statusReason() + "@" + row.turnCount();
        if (key.equals(readFor)) {
            return;
        }
        readFor = key;
        ConversationId id = row.id();
        work.inBackground("sidebar-call", () -> {
            Optional<WaitingCall> waiting = work.engine().calls().waiting(id);
            work.onFx(() -> {
                if (readFor.equals(key)) {
                    call.set(waiting.orElse(null));
                }
            });
        });
    }

    /** Approves the call, with {@code arguments} when the user edited them; {@code always} keeps allowing the tool. */
    public void approve(String arguments, boolean always) {
        WaitingCall waiting = call.get();
        if (waiting != null) {
            // Shown laid out on lines: unedited unless the arguments now say something else.
            Optional<String> edited = arguments == null || sameJson(arguments, waiting.arguments()) ? Optional.empty()
                    : Optional.of(arguments);
            word("approve the call", () -> work.engine().calls().approve(waiting.conversation(), edited, always,
                    you()));
        }
    }

    public void deny(String reason) {
        WaitingCall waiting = call.get();
        if (waiting != null) {
            word("deny the call", () -> work.engine().calls().deny(waiting.conversation(), reason, you()));
        }
    }

    public void settle(Settlement settlement) {
        WaitingCall waiting = call.get();
        if (waiting != null) {
            word("settle the call", () -> work.engine().calls().settle(waiting.conversation(), settlement, you()));
        }
    }

    private void word(String what, Runnable given) {
        call.set(null);
        readFor = "";
        work.attempt(what, given);
    }

    /** The arguments laid out on lines, as the banner shows them; as they are when they are not JSON. */
    static String laidOut(String arguments) {
        try {
            return JSON.readTree(arguments).toPrettyString();
        } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
            return arguments;
        }
    }

    private static boolean sameJson(String one, String other) {
        try {
            return JSON.readTree(one).equals(JSON.readTree(other));
        } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
            return one.strip().equals(other.strip());
        }
    }

    private static String you() {
        return System.getProperty("user.name", "you");
    }
}
