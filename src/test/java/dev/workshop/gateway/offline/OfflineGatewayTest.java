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

    @Test
    void aReplyToTheUserAddressesThemAsYou() throws Exception {
        OfflineGateway gateway = new OfflineGateway(0);
        // Every opening, over enough turns: none names "You" as if it were an agent ("You's point").
        List<String> replies = new ArrayList<>();
        for (int turnIndex = 1; turnIndex < 40; turnIndex++) {
            replies.add(gateway.reply(new GatewayRequest(new ConversationId("c-you"), turnIndex, ADA,
                    new Prompt("system", "user", false), "Plan a picnic", "You", "Somewhere shady.", 5),
                    token -> { }).text());
        }
        assertThat(replies).noneMatch(reply -> reply.contains("You"))
                .anyMatch(reply -> reply.startsWith("Picking up your point,"))
                .anyMatch(reply -> reply.startsWith("Building on what you said,"));
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
