package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayResolver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A reply that streams for longer than a second is kept in the log as it comes: a Stop or a crash loses none of it. */
class StreamedReplyTest {
    /** The loops' time, moved on by the test's gateways: a piece is due when they say a second went by. */
    private final AtomicLong ticks = new AtomicLong();

    @TempDir
    Path dir;
    private EngineFixture engine;

    @AfterEach
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    private void aSecondGoesBy() {
        ticks.addAndGet(StreamedReply.KEEP_EVERY.toNanos() + 1);
    }

    private List<ReplyChunk> chunks(ConversationId id) {
        return engine.history(id).stream().filter(ReplyChunk.class::isInstance).map(ReplyChunk.class::cast).toList();
    }

    @Test
    void piecesAreGatheredUntilKeptAndAOneTokenReplyIsNotCopied() {
        StreamedReply reply = new StreamedReply(3, ticks::get);
        assertThat(reply.unkept()).isEmpty();
        String whole = "One token, the whole reply.";

        reply.add(whole);
        assertThat(reply.due()).as("not a second yet").isFalse();
        assertThat(reply.unkept().orElseThrow().text()).isSameAs(whole);

        reply.add(" And more");
        assertThat(reply.unkept()).contains(new ReplyChunk(3, whole + " And more"));
        ticks.addAndGet(StreamedReply.KEEP_EVERY.toNanos());
        assertThat(reply.due()).as("a second later").isTrue();
        reply.kept();
        assertThat(reply.unkept()).isEmpty();
        assertThat(reply.keptAny()).isTrue();
    }

    @Test
    void aSlowReplyIsKeptPieceByPieceAndThenRecordedWhole() throws InterruptedException {
        GatewayResolver slow = agent -> (request, tokens) -> {
            if (request.turnIndex() == 0) {
                tokens.accept("Hello ");
                aSecondGoesBy();
                tokens.accept("there ");
                aSecondGoesBy();
                tokens.accept("friend.");
                return new GatewayReply("Hello there friend.", "slow", 0, 0, Duration.ZERO);
            }
            tokens.accept("Hi.");
            return new GatewayReply("Hi.", "slow", 0, 0, Duration.ZERO);
        };
        engine = new EngineFixture(dir).open(slow, LoopSettings.DEFAULTS, ticks::get);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Greet", OptionalInt.of(2));
        assertThat(engine.engine().await(id, Duration.ofSeconds(30))).isTrue();

        assertThat(chunks(id)).containsExactly(new ReplyChunk(0, "Hello there "), new ReplyChunk(0, "friend."));
        assertThat(engine.messages(id)).extracting(message -> message.content()).containsExactly("Hello there friend.", "Hi.");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.state(id).turnCount()).isEqualTo(2);
    }

    @Test
    void aStopMidReplyKeepsWhatWasSaidUpToTheStop() throws InterruptedException {
        GatewayResolver endless = agent -> (request, tokens) -> {
            tokens.accept("Hello ");
            aSecondGoesBy();
            tokens.accept("there ");
            tokens.accept("again");
            // Writes on until it is stopped.
            new CountDownLatch(1).await();
            return new GatewayReply("never", "endless", 0, 0, Duration.ZERO);
        };
        engine = new EngineFixture(dir).open(endless, LoopSettings.DEFAULTS, ticks::get);
        ConversationId id = ConversationId.random();
        CountDownLatch pieceKept = Heard.latch(engine.engine(), 1, event -> event instanceof LoopEvent.Recorded recorded
                && recorded.events().stream().anyMatch(each -> each.event() instanceof ReplyChunk));
        engine.engine().startConversation(id, engine.pair(), "Greet", OptionalInt.of(2));
        Heard.await(pieceKept);

        engine.engine().abort(id, AbortOutcome.INTERRUPT);
        assertThat(engine.engine().await(id, Duration.ofSeconds(30))).isTrue();

        assertThat(chunks(id)).extracting(ReplyChunk::text).containsExactly("Hello there ", "again");
        assertThat(engine.messages(id)).isEmpty();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.state(id).turnInDoubt()).as("the turn is asked again on resume").isZero();

        // After a restart the pieces are still there, and the turn is asked again from the start.
        engine.open();
        assertThat(chunks(id)).extracting(ReplyChunk::text).containsExactly("Hello there ", "again");
        assertThat(engine.history(id)).last().isInstanceOf(ConversationEvent.StatusChanged.class);
    }
}
