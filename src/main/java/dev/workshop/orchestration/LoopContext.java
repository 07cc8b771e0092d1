package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConversationStore;
import java.time.Clock;
import java.util.function.Consumer;

/** What every conversation loop of one engine shares. */
record LoopContext(ConversationStore store, TenantId tenant, AgentCatalog agents, GatewayResolver gateways,
                   LoopSettings settings, Slots slots, Consumer<LoopEvent> publisher, Clock clock) {
}
