package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.gateway.offline.OfflineGateway;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.file.JsonAgentCatalog;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real data directory (journal, H2, agents.json) with a bridge on top, reopened as often as a test likes,
 * as a restart of the app would.
 */
final class EngineFixture implements AutoCloseable {
    static final TenantId TENANT = TenantId.LOCAL;

    private final Path dir;
    private final List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
    private DataDirectory directory;
    private JournaledConversationStore store;
    private JsonAgentCatalog agents;
    private ConversationEngine bridge;

    EngineFixture(Path dir) {
        this.dir = dir;
    }

    /** Opens (or reopens) everything, like a launch: what was running becomes interrupted. */
    EngineFixture open(GatewayResolver gateways, LoopSettings settings) {
        return open(gateways, settings, System::nanoTime);
    }

    /** As {@link #open(GatewayResolver, LoopSettings)}, the loops reading the time from {@code ticks}. */
    EngineFixture open(GatewayResolver gateways, LoopSettings settings, java.util.function.LongSupplier ticks) {
        close();
        events.clear();
        directory = DataDirectory.lock(dir);
        store = JournaledConversationStore.open(directory);
        agents = JsonAgentCatalog.open(dir, warning -> { });
        bridge = new ConversationEngine(store, TENANT, agents, gateways, settings, java.util.Optional.empty(), ticks);
        bridge.subscribe(events::add);
        bridge.markRunningAsInterrupted();
        return this;
    }

    EngineFixture open() {
        return open(offline(0), LoopSettings.DEFAULTS);
    }

    static GatewayResolver offline(long delayMillis) {
        OfflineGateway gateway = new OfflineGateway(delayMillis);
        return agent -> gateway;
    }

    ConversationEngine engine() {
        return bridge;
    }

    JournaledConversationStore store() {
        return store;
    }

    JsonAgentCatalog agents() {
        return agents;
    }

    List<LoopEvent> events() {
        return events;
    }

    AgentId agent(String name) {
        return agents.findByIdOrName(name).orElseThrow().id();
    }

    /** Ada and Bruno, the starter pair most conversations of these tests are between. */
    List<AgentId> pair() {
        return List.of(agent("Ada"), agent("Bruno"));
    }

    /** The first {@code count} agents, adding offline ones when the starters are too few. */
    List<AgentDefinition> participants(int count) {
        while (agents.list().size() < count) {
            int n = agents.list().size() + 1;
            agents.add(new AgentDefinition(new AgentId("extra-" + n), "Extra " + n, "You are an extra, a helper.",
                    AgentDefinition.OFFLINE, "offline", null));
        }
        return agents.list().subList(0, count);
    }

    ConversationState state(ConversationId id) {
        return store.state(TENANT, id).orElseThrow();
    }

    List<MessageRecorded> messages(ConversationId id) {
        List<MessageRecorded> messages = new ArrayList<>();
        for (RecordedEvent recorded : store.history(TENANT, id)) {
            if (recorded.event() instanceof MessageRecorded message) {
                messages.add(message);
            }
        }
        return messages;
    }

    List<ConversationEvent> history(ConversationId id) {
        return store.history(TENANT, id).stream().map(RecordedEvent::event).toList();
    }

    /** Appends events as a crashed loop would have left them (status still active). */
    void append(ConversationId id, List<ConversationEvent> toAppend) {
        long version = store.state(TENANT, id).map(ConversationState::version).orElse(0L);
        store.append(TENANT, id, version, toAppend);
    }

    @Override
    public void close() {
        if (bridge != null) {
            bridge.close();
        }
        if (store != null) {
            store.close();
        }
        if (directory != null) {
            directory.close();
        }
        bridge = null;
        store = null;
        directory = null;
    }
}
