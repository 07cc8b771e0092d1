package dev.workshop.gateway.offline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Prompt;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OfflineGatewayTest {
    private static final AgentDefinition ADA = new AgentDefinition(new AgentId("ada"), "Ada",
            "You are Ada, a careful planner. Keep it short.", AgentDefinition.OFFLINE, "demo", "#3366cc");

    private static GatewayRequest turn(String conversation, int turnIndex) {
        return new GatewayRequest(new ConversationId(conversation), turnIndex, ADA,
                new Prompt("system", "user", false), "Plan a picnic", "Bruno", "Let us start.", 5);
    }

    /** A clock that stands still until the gateway sleeps, then jumps to the deadline it asked for. */
    private static final class SteppingClock implements OfflineGateway.Pacer {
        long now = 1_000_000_000L;
        final List<Long> deadlines = new ArrayList<>();

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepUntil(long deadlineNanos) {
            deadlines.add(deadlineNanos);
            now = Math.max(now, deadlineNanos);
        }
    }

    @Test
    void theSameTurnGetsTheSameReplyAndTheNextTurnAnother() throws Exception {
        OfflineGateway gateway = new OfflineGateway(0);
        String first = gateway.reply(turn("c-1", 3), token -> { }).text();
        assertThat(gateway.reply(turn("c-1", 3), token -> { }).text()).isEqualTo(first);
        assertThat(List.of(gateway.reply(turn("c-1", 4), token -> { }).text(),
                gateway.reply(turn("c-2", 3), token -> { }).text())).doesNotContain(first);
        assertThat(first).contains("careful planner").contains("Bruno").contains("turns to go");
    }

    private static List<String> repliesTo(String previousSpeaker, String previousMessage) throws Exception {
        OfflineGateway gateway = new OfflineGateway(0);
        List<String> replies = new ArrayList<>();
        for (int turnIndex = 1; turnIndex < 40; turnIndex++) {
            replies.add(gateway.reply(new GatewayRequest(new ConversationId("c-" + previousSpeaker), turnIndex, ADA,
                    new Prompt("system", "user", false), "Plan a picnic", previousSpeaker, previousMessage, 5),
                    token -> { }).text());
        }
        return replies;
    }

    @Test
    void aReplyToTheUserQuotesWhatTheyWrote() throws Exception {
        // Every opening, over enough turns: each quotes the first sentence, none names "You" as an agent.
        assertThat(repliesTo("You", "Somewhere shady. Near water if we can."))
                .allMatch(reply -> reply.contains("\"Somewhere shady\"") && !reply.contains("You's"))
                .anyMatch(reply -> reply.startsWith("On your \"Somewhere shady\": as a careful planner I think"))
                .anyMatch(reply -> reply.startsWith("You wrote \"Somewhere shady\", and as a careful planner I think"))
                .anyMatch(reply -> reply.startsWith("Thanks for \"Somewhere shady\"; as a careful planner I think"));
        assertThat(repliesTo("You", "Which park   is closest?\nI can walk there."))
                .allMatch(reply -> reply.startsWith("To your question \"Which park is closest?\": as a careful planner"));
        assertThat(repliesTo("You", "x".repeat(200)))
                .allMatch(reply -> reply.contains("\"" + "x".repeat(57) + "…\""));
        // Nothing to quote: the plain openings, in the second person.
        assertThat(repliesTo("You", " "))
                .noneMatch(reply -> reply.contains("You"))
                .anyMatch(reply -> reply.startsWith("Picking up your point,"))
                .anyMatch(reply -> reply.startsWith("Building on what you said,"));
    }

    @Test
    void aReplyToAnotherAgentTakesUpItsPointAndMakesAnotherOne() throws Exception {
        String point = "we need one owner and a date for the next step";
        List<String> replies = repliesTo("Bruno", "Good point from Ada; next, as a friendly sceptic I think " + point
                + ". 3 turns to go after this one. Let us decide on that.");

        assertThat(replies).allSatisfy(reply -> {
            assertThat(reply).contains("Bruno").contains(point);
            assertThat(reply.indexOf(point)).as("made once, as Bruno's: the answer makes another")
                    .isEqualTo(reply.lastIndexOf(point));
        });
        assertThat(replies).anyMatch(reply -> reply.startsWith("Picking up Bruno's point that " + point + ", as a"))
                .anyMatch(reply -> reply.startsWith("Bruno says " + point + "; I see it a little differently: as a"));
        // A message that is not one of the offline points (a real model's): the plain openings.
        assertThat(repliesTo("Bruno", "Let us start.")).allMatch(reply -> reply.contains("Bruno"))
                .noneMatch(reply -> reply.contains("Bruno's point that") || reply.contains("Bruno says"));
    }

    @Test
    void anAgentWorkingAloneGoesOnFromItselfRatherThanAnswerItselfByName() throws Exception {
        OfflineGateway gateway = new OfflineGateway(0);
        for (int turnIndex = 1; turnIndex < 20; turnIndex++) {
            String reply = gateway.reply(new GatewayRequest(new ConversationId("c-alone"), turnIndex, ADA,
                    new Prompt("system", "user", false), "Plan a picnic", "Ada", "Sandwiches first.", 5),
                    token -> { }).text();
            assertThat(reply).doesNotContain("Ada").contains("careful planner");
        }
    }

    @Test
    void aShortDelayIsSpreadOverAFewEvenBurstsThatEndExactlyAtTheDelay() throws Exception {
        SteppingClock clock = new SteppingClock();
        long start = clock.now;
        TreeMap<Long, List<String>> byTime = new TreeMap<>();
        GatewayReply reply = new OfflineGateway(50, clock).reply(turn("c-1", 0),
                token -> byTime.computeIfAbsent(clock.now, at -> new ArrayList<>()).add(token));

        // 50 ms in bursts at least 10 ms apart: five of them, the last at 50 ms, whatever the reply's length.
        long tick = TimeUnit.MILLISECONDS.toNanos(10);
        assertThat(clock.deadlines).containsExactly(start + tick, start + 2 * tick, start + 3 * tick,
                start + 4 * tick, start + 5 * tick);
        assertThat(byTime.keySet()).containsExactlyElementsOf(clock.deadlines);
        assertThat(reply.latency()).hasMillis(50);
        // Every word is a token of its own, in order, and each burst carries about a fifth of them.
        String words = String.join("", byTime.values().stream().flatMap(List::stream).toList());
        assertThat(words).isEqualTo(reply.text());
        int wordCount = reply.text().split(" ").length;
        assertThat(byTime.values()).allSatisfy(burst -> assertThat(burst.size())
                .isBetween(wordCount / 5, wordCount / 5 + 1));
    }

    @Test
    void aNewDelayAppliesToTheNextReply() throws Exception {
        SteppingClock clock = new SteppingClock();
        OfflineGateway gateway = new OfflineGateway(50, clock);
        gateway.setDelayMillis(200);
        long start = clock.now;

        GatewayReply reply = gateway.reply(turn("c-1", 0), token -> { });

        assertThat(clock.deadlines.getLast()).isEqualTo(start + TimeUnit.MILLISECONDS.toNanos(200));
        assertThat(reply.latency()).hasMillis(200);
        assertThatThrownBy(() -> gateway.setDelayMillis(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLongDelayStreamsOneWordAtATime() throws Exception {
        SteppingClock clock = new SteppingClock();
        long start = clock.now;
        List<String> tokens = new ArrayList<>();
        GatewayReply reply = new OfflineGateway(5_000, clock).reply(turn("c-1", 0), tokens::add);

        assertThat(tokens).hasSize(reply.text().split(" ").length);
        assertThat(clock.deadlines).hasSize(tokens.size());
        assertThat(clock.deadlines.getLast()).isEqualTo(start + TimeUnit.SECONDS.toNanos(5));
        assertThat(reply.latency()).hasMillis(5_000);
    }

    @Test
    void noDelayAnswersAtOnce() throws Exception {
        SteppingClock clock = new SteppingClock();
        long start = clock.now;
        GatewayReply reply = new OfflineGateway(0, clock).reply(turn("c-1", 0), token -> { });

        assertThat(clock.now).isEqualTo(start);
        assertThat(reply.latency()).isZero();
    }

    /** Before, the delay was split per word in whole milliseconds: 20 ms over 30-odd words waited not at all. */
    @Test
    void aReplyOnTheRealClockTakesAtLeastItsDelayWhateverItsLength() throws Exception {
        OfflineGateway gateway = new OfflineGateway(20);
        long started = System.nanoTime();
        gateway.reply(turn("c-1", 0), token -> { });

        assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
    }

    @Test
    void interruptingTheCallerCancelsTheReply() {
        OfflineGateway gateway = new OfflineGateway(60_000);
        CountDownLatch firstToken = new CountDownLatch(1);
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                gateway.reply(turn("c-1", 0), token -> firstToken.countDown());
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.complete(e);
            }
        });
        caller.interrupt();

        assertThatThrownBy(() -> {
            throw outcome.get(10, TimeUnit.SECONDS);
        }).isInstanceOf(InterruptedException.class);
        assertThat(firstToken.getCount()).isEqualTo(1);
    }
}
