package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.Heard;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sidebar's view-model on a real workspace, on a stand-in FX thread, without JavaFX nodes: what its tests share.
 * Store work runs at once ({@code Background.direct()}); where a loop runs, a latch on the engine's events.
 */
abstract class SidebarFixture {
    static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");

    @TempDir
    Path dir;
    final ThreadPoolExecutor fxThread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>());
    final FxExecutor fx = fxThread::execute;
    Workspace workspace;
    SidebarViewModel sidebar;

    @BeforeEach
    void open() {
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(200));
    }

    @AfterEach
    void close() throws Exception {
        workspace.close();
        fxThread.shutdown();
        fxThread.awaitTermination(10, TimeUnit.SECONDS);
    }

    <T> T onFx(Callable<T> work) throws Exception {
        return fxThread.submit(work).get(30, TimeUnit.SECONDS);
    }

    /** The sidebar with its store work done at once, on the (stand-in) FX thread: nothing to wait for but loops. */
    void startSidebar() throws Exception {
        sidebar = new SidebarViewModel(workspace, fx, Background.direct());
        onFx(() -> {
            sidebar.start();
            return null;
        });
        settle();
    }

    /**
     * Lets the stand-in FX thread run what it was handed so far, and what that hands it in turn: what the sidebar
     * was told (by the user or by the loops, which are done or waited for first) has been taken in.
     */
    void settle() throws Exception {
        for (int round = 0; round < 1000; round++) {
            onFx(() -> null);
            // An empty queue may only mean that the thread has just taken the last task: a second round waits for
            // that one, and whatever it handed on is then in the queue.
            if (fxThread.getQueue().isEmpty()) {
                onFx(() -> null);
                if (fxThread.getQueue().isEmpty()) {
                    return;
                }
            }
        }
        throw new AssertionError("the stand-in FX thread is still handed work after 1000 rounds");
    }

    /** Opens once the engine tells of what {@code wanted} accepts, {@code times} times: subscribe before acting. */
    CountDownLatch hearing(int times, Predicate<LoopEvent> wanted) {
        CountDownLatch heard = new CountDownLatch(times);
        workspace.engine().subscribe(event -> {
            if (wanted.test(event)) {
                heard.countDown();
            }
        });
        return heard;
    }

    /** Waits until {@code latch} opens (the sidebar heard it first), then lets the sidebar take in what it heard. */
    void heard(CountDownLatch latch) throws Exception {
        assertThat(latch.await(30, TimeUnit.SECONDS)).as("the engine told of it within 30 s").isTrue();
        settle();
    }

    /** Waits for {@code id}'s loop to stop, then lets the sidebar take in all it said. */
    void finished(ConversationId id) throws Exception {
        assertThat(workspace.engine().await(id, Duration.ofSeconds(30))).as("the loop stopped within 30 s").isTrue();
        settle();
    }

    /** A message of {@code id} recorded (any, or from turn {@code fromTurn} on). */
    static Predicate<LoopEvent> messageOf(ConversationId id, int fromTurn) {
        return event -> event.conversationId().equals(id)
                && Heard.messages(event).stream().anyMatch(message -> message.turnIndex() >= fromTurn);
    }

    ConversationId stored(String task, ConversationEvent... more) {
        ConversationId id = ConversationId.random();
        List<ConversationEvent> events = new ArrayList<>();
        events.add(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), task, 6));
        events.addAll(Arrays.asList(more));
        workspace.store().append(workspace.tenant(), id, 0, events);
        return id;
    }

    /** As {@link #stored}, recorded at {@code at}: a conversation known to be the newer one. */
    ConversationId storedAt(Instant at, String task, ConversationEvent... more) {
        ConversationId id = ConversationId.random();
        List<ConversationEvent> events = new ArrayList<>();
        events.add(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), task, 6));
        events.addAll(Arrays.asList(more));
        List<RecordedEvent> recorded = new ArrayList<>();
        for (ConversationEvent event : events) {
            recorded.add(new RecordedEvent(workspace.tenant(), id, recorded.size() + 1, at, event));
        }
        workspace.store().adopt(workspace.tenant(), id, 0, recorded);
        return id;
    }

    void select(ConversationRow row) throws Exception {
        onFx(() -> {
            sidebar.select(row);
            return null;
        });
    }

    ConversationRow row(ConversationId id) throws Exception {
        return onFx(() -> sidebar.allRows().stream().filter(row -> row.id().equals(id)).findFirst().orElseThrow());
    }

    static List<String> marks(List<MessageItem> items) {
        return items.stream().map(item -> item.turnIndex() + item.resumeMark().map(mark -> " resumed").orElse("")
                + (item.retried() ? " asked-again" : "")).toList();
    }

    /** The workflow turn a conversation has reached. */
    int turnNumber(ConversationId id) {
        return dev.workshop.orchestration.FollowUps.turnNumber(workspace.engine().history(id));
    }

    static MessageRecorded message(int turn, Participant speaker, String content) {
        return new MessageRecorded(turn, speaker.agentId(), speaker.name(), content);
    }
}
