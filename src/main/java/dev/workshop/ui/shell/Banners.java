package dev.workshop.ui.shell;

/** What the window's red banner says when nothing more can be saved: why, and what to do about it. */
final class Banners {
    private Banners() {
    }

    /** The data directory went away. */
    static String gone(String reason) {
        return reason + ". Nothing more can be saved, so running conversations stop: put the folder back, or restore"
                + " it from a backup, then Reopen.";
    }

    /** Writing failed (a full disk, a sync that failed). */
    static String savingStopped(String reason) {
        return reason + ". Running conversations stopped; everything saved before is safe. Make room on the disk (or"
                + " mend it), then Reopen: they go on from their last saved message.";
    }

    /** The data opened only to be read. */
    static String readOnly(String why) {
        return "The data can only be read (" + why + "): every conversation can be read and exported, and nothing is"
                + " saved or run. Make room on the disk (or make it writable), then Reopen.";
    }

    /** What the status bar says once an erase is finished: how many went, and where its receipt is. */
    static String erased(dev.workshop.domain.retention.ErasureReceipt receipt) {
        int count = receipt.subjects().size();
        return (count == 1 ? "1 conversation was" : count + " conversations were") + " erased for good, from every"
                + " place Workshop wrote it; the receipt is in the audit trail ('workshop audit')";
    }
}
