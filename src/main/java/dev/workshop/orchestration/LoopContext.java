package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConversationStore;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * What every conversation loop of one engine shares. {@code ticks}: a monotonic time in nanoseconds (as
 * {@link System#nanoTime()}), read per token to know when a piece of the reply is due to be kept; a test gives its own.
 * {@code elements}: the shared elements its turns read and act on; {@code toolbox}: the outside tools they may call.
 */
record LoopContext(ConversationStore store, TenantId tenant, AgentCatalog agents, GatewayResolver gateways,
                   LoopSettings settings, Slots slots, Consumer<LoopEvent> publisher, Clock clock,
                   java.util.function.LongSupplier ticks, Elements elements, Toolbox toolbox) {
    LoopContext withSettings(LoopSettings newSettings) {
        return new LoopContext(store, tenant, agents, gateways, newSettings, slots, publisher, clock, ticks, elements, toolbox);
    }
}
