package dev.workshop.store.jdbc;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The child process of {@link KillNineDurabilityTest}: appends to many conversations as fast as it can and
 * prints {@code ACK <conversation> <seq>} for every append the store acknowledged, until it is killed.
 */
public final class AppendUntilKilled {
    private AppendUntilKilled() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int conversations = Integer.parseInt(args[1]);
        long segmentBytes = Long.parseLong(args[2]);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
        DataDirectory data = DataDirectory.lock(dir);
        JournaledConversationStore store = JournaledConversationStore.open(data, segmentBytes, Clock.systemUTC());
        out.println("READY");
        CountDownLatch never = new CountDownLatch(1);
        for (int c = 0; c < conversations; c++) {
            ConversationId id = new ConversationId("conversation-" + c);
            int size = c % 7 == 0 ? 9000 : 300;
            Thread.ofVirtual().start(() -> appendForever(store, id, size, out));
        }
        never.await();
    }

    private static void appendForever(JournaledConversationStore store, ConversationId id, int size, PrintStream out) {
        String filler = "lorem ipsum dolor sit amet ".repeat(size / 27 + 1).substring(0, size);
        ConversationState state = store.state(TenantId.LOCAL, id).orElse(ConversationState.notStarted(id));
        if (!state.isStarted()) {
            acknowledge(out, id, store.append(TenantId.LOCAL, id, 0, List.of(Conversations.started(1_000_000))).events());
            state = store.state(TenantId.LOCAL, id).orElseThrow();
        }
        while (true) {
            int turn = state.turnCount();
            ConversationEvent message = new MessageRecorded(turn, new AgentId("agent-" + (turn % 3)), "Agent",
                    turn + " " + filler);
            acknowledge(out, id, store.append(TenantId.LOCAL, id, state.version(), List.of(message)).events());
            state = store.state(TenantId.LOCAL, id).orElseThrow();
        }
    }

    private static void acknowledge(PrintStream out, ConversationId id,
                                    List<dev.workshop.domain.conversation.RecordedEvent> recorded) {
        recorded.forEach(event -> out.println("ACK " + id + " " + event.seq()));
    }
}
