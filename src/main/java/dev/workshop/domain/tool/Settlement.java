package dev.workshop.domain.tool;

import java.util.Locale;

/** The user's word on a call in doubt (sent, then Workshop stopped before its answer came). */
public enum Settlement {
    /** It ran: the model is told so, its result not known. */
    RAN,
    /** It did not run: the model is told so, and may call it again. */
    DID_NOT_RUN,
    /** Send it again, with the same idempotency key. */
    RUN_AGAIN;

    private final String wireName = name().toLowerCase(Locale.ROOT).replace('_', '-');

    public String wireName() {
        return wireName;
    }

    public static Settlement fromWireName(String wireName) {
        for (Settlement settlement : values()) {
            if (settlement.wireName.equals(wireName)) {
                return settlement;
            }
        }
        throw new IllegalArgumentException("Unknown settlement '" + wireName + "': ran, did-not-run or run-again");
    }
}
