package dev.workshop.orchestration;

import java.util.List;

/** How an end reason counts turns whose messages damage took: never "all taken" over a hole it does not name. */
final class TurnsLost {
    private TurnsLost() {
    }

    /** What follows "All N turns were taken" when messages were lost; nothing when none were. */
    static String told(List<Integer> lostTurns) {
        if (lostTurns.isEmpty()) {
            return "";
        }
        List<String> turns = lostTurns.stream().map(turn -> String.valueOf(turn + 1)).toList();
        return "; damage on the disk took the message" + (turns.size() == 1 ? " of turn " : "s of turns ")
                + String.join(", ", turns);
    }
}
