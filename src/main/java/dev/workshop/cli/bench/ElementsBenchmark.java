package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.ElementChanged;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Environment;
import dev.workshop.domain.element.Provenance;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.Durability;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The speed targets of shared elements (issue #50), each against a peer measured in the same run: a turn whose
 * message carries three actions against a plain one (durable appends, alternated so the disk's drift hits both);
 * an element of 10 000 actions read and folded into its summary against a conversation of 10 000 messages read and
 * folded; and the environment's part of a prompt against the loop's own overhead per turn.
 */
final class ElementsBenchmark {
    private static final TenantId TEAM = TenantId.LOCAL;
    private static final List<Participant> PAIR = List.of(new Participant(new AgentId("a"), "Ada"),
            new Participant(new AgentId("b"), "Bruno"));
    private static final Actor ADA = new Actor("a", "Ada");
    private static final String TEXT = "A reply of about the length a model gives for one short turn in a "
            + "conversation, with a point and a question at its end. What do you think?";

    private final Path root;
    private final Consumer<ObjectNode> report;

    ElementsBenchmark(Path root, Consumer<ObjectNode> report) {
        this.root = root;
        this.report = report;
    }

    private static ObjectNode line(String mode) {
        return JsonNodeFactory.instance.objectNode().put("benchmark", "elements").put("mode", mode);
    }

    /** Durable appends of messages with three actions and without, alternated; the medians and their ratio. */
    void appends(int samples) {
        try (DataDirectory data = DataDirectory.lock(root.resolve("appends"));
             JournaledConversationStore store = JournaledConversationStore.open(data)) {
            ConversationId id = ConversationId.random();
            store.append(TEAM, id, 0, List.of(new ConversationStarted(ConversationKind.CONVERSATION, PAIR, "Bench",
                    2 * samples + 2)));
            List<Action> three = List.of(Action.of(ActionType.PIN, Map.of("text", "Ship on Friday")),
                    Action.of(ActionType.VOTE_UP, Map.of("pin", "P1")),
                    Action.of(ActionType.POST, Map.of("text", "We ship on Friday")));
            List<Long> plain = new ArrayList<>();
            List<Long> acting = new ArrayList<>();
            long version = 1;
            for (int turn = 0; turn < 2 * samples; turn++) {
                MessageRecorded message = new MessageRecorded(turn, PAIR.get(turn % 2).agentId(),
                        PAIR.get(turn % 2).name(), TEXT);
                boolean withActions = turn % 2 == 1;
                long started = System.nanoTime();
                store.append(TEAM, id, version++, List.of(withActions ? message.withActions(three) : message));
                (withActions ? acting : plain).add(System.nanoTime() - started);
            }
            double plainMs = Percentiles.median(plain) / 1e6;
            double actingMs = Percentiles.median(acting) / 1e6;
            report.accept(line("appends").put("samples", samples).put("plain_ms", Percentiles.round(plainMs))
                    .put("three_actions_ms", Percentiles.round(actingMs))
                    .put("ratio", Percentiles.round(actingMs / plainMs)).put("target_ratio", 1.2));
        }
    }

    /** Reading and folding an element of {@code size} actions against a conversation of {@code size} messages. */
    void folds(int size, int runs) {
        Path dir = root.resolve("folds");
        ConversationId conversation = ConversationId.random();
        ConversationId element = ConversationId.random();
        try (DataDirectory data = DataDirectory.lock(dir);
             JournaledConversationStore store = JournaledConversationStore.open(data)) {
            store.append(TEAM, conversation, 0, List.of(new ConversationStarted(ConversationKind.CONVERSATION, PAIR,
                    "Bench", size + 1)));
            store.append(TEAM, element, 0, List.of(new ElementChanged(Actor.USER, Provenance.byHand(),
                    new ElementEvent.Created(ElementKind.PINBOARD, "Plans", null))));
            for (int i = 0; i < size; i++) {
                Durability durability = i == size - 1 ? Durability.DURABLE : Durability.WITH_NEXT;
                store.append(TEAM, conversation, i + 1, List.of(new MessageRecorded(i, PAIR.get(i % 2).agentId(),
                        PAIR.get(i % 2).name(), TEXT)), durability);
                store.append(TEAM, element, i + 1, List.of(elementAction(i)), durability);
            }
        }
        List<Long> messages = new ArrayList<>();
        List<Long> actions = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            try (DataDirectory data = DataDirectory.lock(dir);
                 JournaledConversationStore store = JournaledConversationStore.open(data)) {
                messages.add(timed(() -> Transcript.of(store.history(TEAM, conversation)).lines().size()));
                actions.add(timed(() -> new Environment(List.of(ElementState.fold(element.value(),
                        store.history(TEAM, element).stream().flatMap(each -> each.asElementChange().stream())
                                .toList()))).summaryFor(ADA, 4000).length()));
            }
        }
        double conversationMs = Percentiles.median(messages) / 1e6;
        double elementMs = Percentiles.median(actions) / 1e6;
        report.accept(line("folds").put("size", size).put("runs", runs)
                .put("conversation_restore_ms", Percentiles.round(conversationMs))
                .put("element_fold_and_summary_ms", Percentiles.round(elementMs))
                .put("ratio", Percentiles.round(elementMs / conversationMs)).put("target_ratio", 2.0));
    }

    /** A pin every fifth action, votes and comments on the pins up, posts between: what a busy pinboard sees. */
    private static ElementChanged elementAction(int i) {
        String pin = "P" + Math.max(1, Math.min(50, i / 5));
        ElementEvent event = switch (i % 5) {
            case 0 -> i / 5 < 50 ? new ElementEvent.Pinned("Idea " + i) : new ElementEvent.Voted(pin, 1);
            case 1, 2 -> new ElementEvent.Voted(pin, 1);
            case 3 -> new ElementEvent.Voted(pin, -1);
            default -> new ElementEvent.Commented(pin, "A comment on " + pin);
        };
        return new ElementChanged(ADA, Provenance.of("c", i, 0), event);
    }

    /** The environment's part of a prompt (a busy board and pinboard, rules, an inbox and notes), per call. */
    double promptSectionMs(int calls, boolean fresh) {
        List<ElementState> elements = List.of(
                busy("board", ElementKind.BOARD, i -> new ElementEvent.Posted("Post " + i + ": " + TEXT)),
                busy("pins", ElementKind.PINBOARD, i -> i < 50 ? new ElementEvent.Pinned("Pin " + i) : new ElementEvent.Voted("P" + (i % 50 + 1), 1)),
                busy("rules", ElementKind.RULEBOOK, i -> new ElementEvent.RulesWritten("Be brief.\nName a number.")));
        Environment standing = new Environment(elements);
        long sink = 0;
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            // Half the calls on an environment just changed (nothing made yet), half on one that stands.
            Environment environment = fresh ? new Environment(elements) : standing;
            long started = System.nanoTime();
            sink += environment.promptSection(ADA, 4000).length();
            times.add(System.nanoTime() - started);
        }
        if (sink == 42) {
            report.accept(line("never"));
        }
        return Percentiles.median(times) / 1e6;
    }

    private static ElementState busy(String name, ElementKind kind, java.util.function.IntFunction<ElementEvent> each) {
        List<dev.workshop.domain.element.ElementChange> history = new ArrayList<>();
        history.add(new dev.workshop.domain.element.ElementChange(1, java.time.Instant.EPOCH, Actor.USER,
                Provenance.byHand(), new ElementEvent.Created(kind, name, null)));
        for (int i = 0; i < 1000; i++) {
            history.add(new dev.workshop.domain.element.ElementChange(i + 2, java.time.Instant.EPOCH, ADA,
                    Provenance.byHand(), each.apply(i)));
        }
        return ElementState.fold(name, history);
    }

    private static long timed(java.util.function.IntSupplier work) {
        long started = System.nanoTime();
        int result = work.getAsInt();
        long elapsed = System.nanoTime() - started;
        if (result < 0) {
            throw new IllegalStateException("nothing read");
        }
        return elapsed;
    }

    /** Reports the prompt's part beside the loop's overhead per turn, measured just before in this JVM. */
    void prompt(double loopOverheadMs, int calls) {
        promptSectionMs(calls, true); // warm-up
        double changedMs = promptSectionMs(calls, true);
        double standingMs = promptSectionMs(calls, false);
        report.accept(line("prompt").put("calls", calls)
                .put("section_after_a_change_ms", Percentiles.round(changedMs))
                .put("section_standing_ms", Percentiles.round(standingMs))
                .put("loop_overhead_ms", Percentiles.round(loopOverheadMs))
                .put("share_after_a_change", Percentiles.round(changedMs / loopOverheadMs))
                .put("share_standing", Percentiles.round(standingMs / loopOverheadMs)).put("target_share", 0.1));
    }
}
