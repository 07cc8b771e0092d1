package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.element.ElementChange;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Provenance;
import dev.workshop.orchestration.Elements;
import dev.workshop.orchestration.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every action exactly once across crashes: the offline agents pin, vote, post, remember and send in a conversation
 * that is killed with SIGKILL right after a reply that asked for actions was stored (before, while or after its
 * actions reach their elements), then resumed, again and again. In the end each action of each stored message is in
 * exactly one element's history, once, and no element holds an action of a turn the conversation does not have.
 */
@dev.workshop.testing.Slow
class ActionsKillNineTest {
    private static final int TURNS = 24;
    private static final int KILLS = 6;

    @TempDir
    Path dir;

    @Test
    void eachActionIsAppliedOnceThoughTheConversationIsKilledRightAfterReplies() throws Exception {
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            workspace.engine().elements().create(ElementKind.PINBOARD, "Plans");
            workspace.engine().elements().create(ElementKind.BOARD, "Ideas");
        }
        ChildWorkshop child = new ChildWorkshop(dir);
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<JsonNode> printed = new CopyOnWriteArrayList<>();
        List<String> rounds = new ArrayList<>();
        int kills = 0;
        boolean first = true;
        while (kills < KILLS) {
            List<String> command = first
                    ? List.of("run", "--agents", "Ada,Bruno,Chen,Dalia", "--prompt", "Plan a bakery's opening week",
                            "--max-turns", String.valueOf(TURNS), "--offline-delay-ms", "15")
                    : List.of("resume", "--offline-delay-ms", "15");
            first = false;
            // Killed 0–1 ms after a reply with actions was printed as stored: its actions are being applied.
            boolean killed = child.runAndKill(command, random.nextInt(0, 2), message -> message.has("actions"),
                    printed);
            kills += killed ? 1 : 0;
            rounds.add(command.getFirst() + (killed ? " killed" : " ended"));
            if (child.run(List.of("list", "--json")).contains("\"completed\"")) {
                break;
            }
        }
        child.run(List.of("resume", "--offline-delay-ms", "0"));

        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            ConversationState state = workspace.store().list(workspace.tenant()).getFirst();
            assertThat(state.status().wireName()).as("seed %d: %s", seed, rounds).isEqualTo("completed");
            List<MessageRecorded> messages = workspace.store().history(workspace.tenant(), state.id()).stream()
                    .flatMap(recorded -> recorded.event().asMessage().stream()).toList();
            assertThat(messages).hasSize(TURNS);
            Elements elements = workspace.engine().elements();
            Map<Provenance, Integer> applied = new HashMap<>();
            for (ElementState element : elements.environment().elements()) {
                for (ElementChange change : elements.history(element.id())) {
                    if (!change.provenance().isByHand() && !change.provenance().isSummary()) {
                        applied.merge(change.provenance(), 1, Integer::sum);
                    }
                }
            }
            Map<Provenance, Integer> asked = new HashMap<>();
            for (MessageRecorded message : messages) {
                for (int i = 0; i < message.actions().size(); i++) {
                    asked.put(Provenance.of(state.id().value(), message.turnIndex(), i), 1);
                }
            }
            assertThat(asked).as("actions the replies asked for (seed %d)", seed).hasSizeGreaterThan(TURNS / 2);
            String context = "seed " + seed + ": " + rounds;
            assertThat(asked.keySet()).as("actions never applied (%s)", context)
                    .allMatch(applied::containsKey, "applied");
            assertThat(applied.keySet()).as("actions of turns the conversation does not hold (%s)", context)
                    .allMatch(asked::containsKey, "asked");
            assertThat(applied.entrySet()).as("actions applied more than once (%s)", context)
                    .allMatch(entry -> entry.getValue() == 1, "applied once");
            assertThat(kills).as("kills right after replies with actions (seed %d: %s)", seed, rounds)
                    .isGreaterThan(0);
        }
    }
}
