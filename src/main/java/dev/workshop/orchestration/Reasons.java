package dev.workshop.orchestration;

/** Status reasons the engine writes, where other code needs to recognise them. */
final class Reasons {
    static final String STOPPED = "Workshop stopped while this conversation was running";
    static final String ABORTED = "Aborted by the user";
    /** Stopped to be deleted: if Workshop ends before the deletion is recorded, it is not resumed at launch. */
    static final String DELETED = "Stopped to be deleted";
    static final String WAITING_FOR_YOU = "Waiting for your message";
    static final String RESTORED = "Restored; nothing runs until you continue it";
    static final String FORKED = "Forked; nothing runs until you continue it";
    static final String FORKED_AT_THE_END = "Forked after its last turn; write to follow it up";
    static final String IMPORTED = "Imported; nothing runs until you continue it";
    static final String IMPORTED_ENDED = "Imported after its last turn; write to follow it up";
    /** Stopped to be held in git: not resumed at launch if Workshop ends before the hold is recorded. */
    static final String HOLDING = "Stopped to be held";
    static final String REINFLATED = "Re-inflated; nothing runs until you continue it";
    /** Why a conversation stops when someone or something stopped it on purpose; any other reason is a failure. */
    static final java.util.Set<String> ON_PURPOSE = java.util.Set.of(STOPPED, ABORTED, DELETED, RESTORED, IMPORTED, HOLDING,
            REINFLATED);

    private Reasons() {
    }
}
