package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.orchestration.HeldEntry;
import dev.workshop.orchestration.HoldOutcome;
import dev.workshop.orchestration.Reinflated;
import dev.workshop.orchestration.SessionHolds;
import dev.workshop.orchestration.SessionLocation;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The sidebar's part in sessions held in git: Hold, Re-inflate, fork to a branch, and the held sessions of a
 * repository for the Open held session window. Each runs off the FX thread and says how it went in the notice.
 */
final class SessionsInGit {
    private final SidebarWork work;
    /** Lists and shows a conversation (FX thread). */
    private final Consumer<ConversationRow> show;

    SessionsInGit(SidebarWork work, Consumer<ConversationRow> show) {
        this.work = work;
        this.show = show;
    }

    private SessionHolds holds() {
        return work.workspace().holds();
    }

    /** Where sessions are held when the user names no repository. */
    Path defaultRepository() {
        return holds().defaultRepository();
    }

    /** Holds {@code row}'s conversation; the notice names the branch and where it is. */
    void hold(ConversationRow row, SessionLocation where, String message) {
        work.tell("Holding \u201c" + row.title() + "\u201d…");
        work.inBackground("sidebar-hold", () -> {
            try {
                HoldOutcome held = holds().hold(row.id(), where, Optional.ofNullable(message));
                work.tell((held.committed() ? "Held" : "Already held, unchanged,") + " on branch " + held.branch()
                        + " in " + held.repository() + held.pushedTo().map(url -> " and pushed to " + url).orElse("")
                        + "; Re-inflate brings it back");
                refresh(row.id().value());
            } catch (RuntimeException e) {
                work.tell("Could not hold \u201c" + row.title() + "\u201d: " + e.getMessage());
            }
        });
    }

    /** Brings back a conversation held here, from the data directory's repository. */
    void reinflateHeld(ConversationRow row) {
        reinflate(row.id().value(), SessionLocation.DEFAULT, false, false, done -> { }, problem -> { });
    }

    /** Forks {@code source} at a turn and holds the fork on a branch of its own. */
    void forkAndHold(ConversationRow source, int turnIndex) {
        work.tell("Forking \u201c" + source.title() + "\u201d to a new branch…");
        work.inBackground("sidebar-fork-hold", () -> {
            try {
                HoldOutcome held = holds().forkAndHold(source.id(), turnIndex, SessionLocation.DEFAULT);
                work.tell("Forked at turn " + (turnIndex + 1) + " and held on branch " + held.branch());
                refresh(held.id().value());
            } catch (RuntimeException e) {
                work.tell("Could not fork \u201c" + source.title() + "\u201d to a branch: " + e.getMessage());
            }
        });
    }

    /** The held sessions of {@code where}, handed over on the FX thread, or the problem in one sentence. */
    void list(SessionLocation where, Consumer<List<HeldEntry>> entries, Consumer<String> problem) {
        work.inBackground("sidebar-held", () -> {
            try {
                List<HeldEntry> found = holds().held(where);
                work.onFx(() -> entries.accept(found));
            } catch (RuntimeException e) {
                work.onFx(() -> problem.accept(e.getMessage()));
            }
        });
    }

    /**
     * Re-inflates a held session and shows it; {@code done} or {@code problem} hear how it went, on the FX thread
     * (the notice says it too).
     */
    void reinflate(String branchOrId, SessionLocation where, boolean asFork, boolean addAgents,
                   Consumer<Reinflated> done, Consumer<String> problem) {
        work.tell("Re-inflating " + branchOrId + "…");
        work.inBackground("sidebar-reinflate", () -> {
            try {
                Reinflated back = holds().reinflate(branchOrId, where, asFork, addAgents);
                work.tell(back.summary());
                refresh(back.id().value());
                work.onFx(() -> done.accept(back));
            } catch (RuntimeException e) {
                work.tell("Could not re-inflate " + branchOrId + ": " + e.getMessage());
                work.onFx(() -> problem.accept(e.getMessage()));
            }
        });
    }

    private void refresh(String id) {
        Optional<ConversationState> state = work.engine().state(new dev.workshop.domain.conversation.ConversationId(id));
        work.onFx(() -> state.map(ConversationRow::of).ifPresent(show));
    }
}
