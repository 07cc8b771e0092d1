package dev.workshop.orchestration;

import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Transcript;
import java.util.List;

/** Two copies of one conversation's history compared: the same, one ahead of the other, or gone different ways. */
final class Histories {
    private Histories() {
    }

    static boolean startsWith(List<RecordedEvent> whole, List<RecordedEvent> prefix) {
        return whole.size() >= prefix.size() && whole.subList(0, prefix.size()).equals(prefix);
    }

    /** How many turns two histories share from their start. */
    static int commonTurns(List<RecordedEvent> one, List<RecordedEvent> other) {
        int shared = 0;
        while (shared < Math.min(one.size(), other.size()) && one.get(shared).equals(other.get(shared))) {
            shared++;
        }
        return Transcript.of(one.subList(0, shared)).messages().size();
    }
}
