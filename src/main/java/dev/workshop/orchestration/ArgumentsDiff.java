package dev.workshop.orchestration;

/** An edit of a call's arguments as the approval records it: what was asked and what runs, empty when the same. */
final class ArgumentsDiff {
    private ArgumentsDiff() {
    }

    static String between(String asked, String approved) {
        return asked.strip().equals(approved.strip()) ? "" : "- " + asked.strip() + "\n+ " + approved.strip();
    }
}
