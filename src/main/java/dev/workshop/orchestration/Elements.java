package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ElementChanged;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionRejectedException;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementChange;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementNames;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Environment;
import dev.workshop.domain.element.Provenance;
import dev.workshop.domain.element.Sentences;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.ConversationStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The team's shared elements, over their streams in the log (docs/decisions/0028): made, read as one
 * {@link Environment}, and changed by actions, each applied by compare-and-set on the version it was decided on.
 * A conflict decides again on what the other wrote (a vote or a post still applies; keeping a pin another just took
 * down is refused, and the refusal recorded). An action from a conversation carries its provenance, and an element
 * applies a provenance once: asking a reply again after a crash repeats none.
 */
public final class Elements {
    /** Conflicts a single action rides out before it gives up: far more writers than one team has. */
    private static final int ATTEMPTS = 64;

    private final ConversationStore store;
    private final TenantId tenant;
    private final AgentCatalog agents;
    /** Each element's fold, brought up to date from its version on: no history is read twice. Guarded by this. */
    private final Map<ConversationId, ElementState> folds = new LinkedHashMap<>();
    /** Elements changed since {@link #current} was made; null: the listing itself must be read again. */
    private Set<ConversationId> changed;
    /** The elements as the last turn saw them: copies, which no later change touches. */
    private Environment current;
    /** How many agents the team had when the elements were last listed. */
    private int knownAgents = -1;
    /** What each agent was last told of each element: the version its news began after. */
    private final Map<String, Map<String, Long>> seen = new java.util.concurrent.ConcurrentHashMap<>();
    private final Memories memories;

    /** @param store the engine's recording store, through which every change is also told to the listeners */
    Elements(ConversationStore store, TenantId tenant, AgentCatalog agents) {
        this.store = store;
        this.tenant = tenant;
        this.agents = agents;
        this.memories = new Memories(this);
    }

    /** What each agent remembers: its blocks, notes and summary, which the user can see and change. */
    public Memories memories() {
        return memories;
    }

    /** Hears what the log took: an element's change makes its fold stale. */
    synchronized void heard(LoopEvent event) {
        if (event instanceof LoopEvent.ElementRecorded recorded && changed != null) {
            if (folds.containsKey(recorded.conversationId())) {
                changed.add(recorded.conversationId());
            } else {
                changed = null;
            }
        }
    }

    /**
     * Places a new element.
     *
     * @throws IllegalArgumentException when the name is not one an element may have, or another element has it
     */
    public ConversationId create(ElementKind kind, String name) {
        if (kind.ownedByAnAgent()) {
            throw new IllegalArgumentException("Each agent has its own " + kind.label().toLowerCase(java.util.Locale.ROOT)
                    + ", made with it");
        }
        String checked = ElementNames.require(name);
        if (find(checked).isPresent()) {
            throw new IllegalArgumentException("There is already an element called " + checked);
        }
        ConversationId id = ConversationId.random();
        store.append(tenant, id, 0, List.of(new ElementChanged(Actor.USER, Provenance.byHand(),
                new ElementEvent.Created(kind, checked, null))));
        return id;
    }

    /** The element called {@code nameOrId} (its name in any case, or its id). */
    public Optional<ElementState> find(String nameOrId) {
        return environment().elements().stream().filter(element -> element.id().equals(nameOrId)
                || ElementNames.matches(element.name(), nameOrId)).findFirst();
    }

    /** An element's whole history, oldest first. */
    public List<ElementChange> history(String id) {
        return store.history(tenant, new ConversationId(id)).stream().flatMap(each -> each.asElementChange().stream())
                .toList();
    }

    /**
     * What others changed on the elements {@code agent} follows since it was last told (its own inbox, what it acted
     * on), a line each, oldest first and at most {@code limit} (the newest); then it counts as told. Empty the first
     * time after a start: this instance remembers what it told, not what a crashed one did.
     */
    public List<String> newsFor(Actor agent, int limit) {
        return news(agent, limit, true);
    }

    /** As {@link #newsFor}, leaving what the agent was told as it was (what the context viewer shows). */
    List<String> peekNewsFor(Actor agent, int limit) {
        return news(agent, limit, false);
    }

    private List<String> news(Actor agent, int limit, boolean tell) {
        Map<String, Long> told;
        synchronized (this) {
            told = tell ? seen.computeIfAbsent(agent.id(), id -> new java.util.concurrent.ConcurrentHashMap<>())
                    : new java.util.HashMap<>(seen.getOrDefault(agent.id(), Map.of()));
        }
        List<String> news = new ArrayList<>();
        for (ElementState element : environment().elements()) {
            Long since = told.put(element.id(), element.version());
            if (since == null || since >= element.version() || !element.followedBy(agent.id())) {
                continue;
            }
            for (RecordedEvent each : store.historyAfter(tenant, new ConversationId(element.id()), since)) {
                each.asElementChange().filter(change -> !change.actor().id().equals(agent.id()))
                        .ifPresent(change -> news.add(element.name() + ": " + Sentences.of(change)));
            }
        }
        return news.subList(Math.max(0, news.size() - limit), news.size());
    }

    /** An action of a conversation as an element recorded it: applied, or refused with why. */
    public record Decided(String element, ElementChange change) {
    }

    /** What became of each action {@code conversation}'s replies asked for, by provenance: what its elements hold. */
    public Map<Provenance, Decided> decided(ConversationId conversation) {
        Map<Provenance, Decided> decided = new LinkedHashMap<>();
        for (ElementState element : environment().elements()) {
            history(element.id()).stream().filter(change -> conversation.value()
                            .equals(change.provenance().conversation()) && !change.provenance().isSummary())
                    .forEach(change -> decided.put(change.provenance(), new Decided(element.name(), change)));
        }
        return decided;
    }

    /**
     * The elements as they stand: the placed ones, and, once any is placed, each agent's inbox and memory (made
     * then, so that a Workshop nobody places an element in keeps its prompts as they were).
     */
    public synchronized Environment environment() {
        // An agent added since (or removed): the listing is read again, and a new agent gets its inbox and memory.
        List<AgentDefinition> team = agents.list();
        if (team.size() != knownAgents) {
            knownAgents = team.size();
            changed = null;
        }
        if (current != null && changed != null && changed.isEmpty()) {
            return current;
        }
        if (changed == null) {
            List<ConversationState> listed = store.listElements(tenant);
            if (listed.stream().anyMatch(state -> !ownedId(state.id()))) {
                listed = provideOwn(listed);
            }
            Set<ConversationId> ids = new HashSet<>();
            for (ConversationState state : listed) {
                ids.add(state.id());
                refresh(state.id(), state.title());
            }
            folds.keySet().retainAll(ids);
        } else {
            for (ConversationId id : changed) {
                store.state(tenant, id).ifPresent(state -> {
                    if (state.deleted()) {
                        folds.remove(id);
                    } else {
                        refresh(id, state.title());
                    }
                });
            }
        }
        changed = new HashSet<>();
        current = new Environment(folds.values().stream().map(ElementState::copy).toList());
        return current;
    }

    private void refresh(ConversationId id, String title) {
        ElementState fold = folds.get(id);
        if (fold == null) {
            fold = ElementState.fold(id.value(), List.of());
            folds.put(id, fold);
        }
        for (RecordedEvent each : store.historyAfter(tenant, id, fold.version())) {
            each.asElementChange().ifPresent(fold::apply);
        }
        fold.rename(title);
    }

    /** Every agent's inbox and memory, made where missing; the listing with them. */
    private List<ConversationState> provideOwn(List<ConversationState> listed) {
        Set<ConversationId> have = new HashSet<>();
        listed.forEach(state -> have.add(state.id()));
        boolean made = false;
        for (AgentDefinition agent : agents.list()) {
            for (ElementKind kind : List.of(ElementKind.INBOX, ElementKind.MEMORY)) {
                ConversationId id = ownId(kind, agent);
                if (!have.contains(id)) {
                    // An inbox is addressed by its agent's name; a memory is the agent's own.
                    made |= make(id, new ElementEvent.Created(kind, kind == ElementKind.INBOX ? agent.name()
                            : agent.name() + "'s memory", agent.id().value()));
                }
            }
        }
        return made ? store.listElements(tenant) : listed;
    }

    private boolean make(ConversationId id, ElementEvent.Created created) {
        try {
            store.append(tenant, id, 0, List.of(new ElementChanged(Actor.USER, Provenance.byHand(), created)));
            return true;
        } catch (ConcurrentAppendException madeMeanwhile) {
            // Another Workshop on the team server made it first: the same element, under the same id.
            return true;
        } catch (dev.workshop.domain.conversation.InvalidEventException removed) {
            // The agent's element was removed with the agent once: it stays removed.
            return false;
        }
    }

    /** An agent's inbox and memory have ids of their own making, so that two Workshops make the same one. */
    static ConversationId ownId(ElementKind kind, AgentDefinition agent) {
        String id = kind.wireName() + "-" + agent.id().value();
        return new ConversationId(id.length() <= 64 ? id : kind.wireName() + "-" + java.util.UUID.nameUUIDFromBytes(
                agent.id().value().getBytes(StandardCharsets.UTF_8)));
    }

    private static boolean ownedId(ConversationId id) {
        return id.value().startsWith(ElementKind.INBOX.wireName() + "-")
                || id.value().startsWith(ElementKind.MEMORY.wireName() + "-");
    }

    /**
     * Applies {@code action} of {@code actor} to the element it names (or the first of its kind), once for its
     * {@code provenance}: what became of it.
     */
    public ActionOutcome apply(Action action, Actor actor, Provenance provenance) {
        ElementState target;
        try {
            target = environment().target(action, actor);
        } catch (ActionRejectedException nothingThere) {
            return ActionOutcome.rejected(action, nothingThere.getMessage());
        }
        ConversationId id = new ConversationId(target.id());
        ElementState now = target;
        for (int attempt = 1; ; attempt++) {
            Optional<ElementChange> done = now.hasApplied(provenance) ? history(id.value()).stream()
                    .filter(change -> change.provenance().equals(provenance)).findFirst() : Optional.empty();
            if (done.isPresent()) {
                return ActionOutcome.decided(action, now.name(), done.get().event(), Sentences.did(now,
                        done.get().event()));
            }
            ElementEvent event = now.decide(action, actor);
            if (action.type() == ActionType.READ && !(event instanceof ElementEvent.Read && now.unread() > 0
                    && now.owner().filter(actor.id()::equals).isPresent())) {
                // Reading changes nothing, except an inbox its agent reads: nothing to record.
                return ActionOutcome.decided(action, now.name(), event, Sentences.read(now));
            }
            try {
                store.append(tenant, id, now.version(), List.of(new ElementChanged(actor, provenance, event)));
                ElementState after = current(id);
                return ActionOutcome.decided(action, after.name(), event, Sentences.did(after, event));
            } catch (ConcurrentAppendException conflict) {
                if (attempt == ATTEMPTS) {
                    return ActionOutcome.rejected(action, target.name() + " changed " + ATTEMPTS
                            + " times while this action was being applied; try again");
                }
                now = current(id);
            }
        }
    }

    /**
     * Applies the actions {@code message} of {@code conversation} asked for, each once: after a crash, those
     * already applied are found by their provenance and not applied again.
     */
    public List<ActionOutcome> applyAll(ConversationId conversation, ConversationEvent.MessageRecorded message) {
        List<ActionOutcome> outcomes = new ArrayList<>(message.actions().size());
        Actor speaker = new Actor(message.speakerId().value(), message.speakerName());
        for (int i = 0; i < message.actions().size(); i++) {
            outcomes.add(apply(message.actions().get(i), speaker,
                    Provenance.of(conversation.value(), message.turnIndex(), i)));
        }
        return outcomes;
    }

    /** Takes an element off the canvas: its history stays in the log, and no prompt shows it (until restored). */
    public void remove(String id) {
        setRemoved(new ConversationId(id), true);
    }

    /** Brings a removed element back (Undo), as it was. */
    public void restore(String id) {
        setRemoved(new ConversationId(id), false);
    }

    private void setRemoved(ConversationId id, boolean removed) {
        for (int attempt = 1; ; attempt++) {
            ConversationState state = store.state(tenant, id).filter(ConversationState::isElement)
                    .orElseThrow(() -> new IllegalArgumentException("No element with id " + id));
            if (state.deleted() == removed) {
                return;
            }
            try {
                store.append(tenant, id, state.version(), List.of(removed ? new ConversationEvent.Deleted()
                        : new ConversationEvent.Undeleted()));
                synchronized (this) {
                    // Listed again: a removed element leaves the listing, a restored one comes back to it.
                    changed = null;
                }
                return;
            } catch (ConcurrentAppendException conflict) {
                if (attempt == ATTEMPTS) {
                    throw conflict;
                }
            }
        }
    }

    /**
     * Writes a rulebook's rules, as the user: the whole text, which every agent's prompt carries from its next turn.
     *
     * @throws IllegalArgumentException when {@code id} is no rulebook
     */
    public void writeRules(String id, String text) {
        change(new ConversationId(id), Actor.USER, Provenance.byHand(), now -> {
            if (now.kind() != ElementKind.RULEBOOK) {
                throw new IllegalArgumentException((now.exists() ? now.name() : id) + " is no rulebook");
            }
            return new ElementEvent.RulesWritten(text);
        });
    }

    /**
     * Appends what {@code decide} makes of the element as it stands, by compare-and-set: decided again on what
     * another wrote meanwhile. What it throws (the change no longer fits) is thrown here, nothing appended.
     */
    void change(ConversationId stream, Actor actor, Provenance provenance,
                java.util.function.Function<ElementState, ElementEvent> decide) {
        for (int attempt = 1; ; attempt++) {
            ElementState now = current(stream);
            try {
                store.append(tenant, stream, now.version(), List.of(new ElementChanged(actor, provenance,
                        decide.apply(now))));
                return;
            } catch (ConcurrentAppendException conflict) {
                if (attempt == ATTEMPTS) {
                    throw conflict;
                }
            }
        }
    }

    /** The element as the log has it now (read past the cache: what a compare-and-set decides on). */
    private ElementState current(ConversationId id) {
        synchronized (this) {
            store.state(tenant, id).ifPresent(state -> refresh(id, state.title()));
            if (changed != null) {
                changed.add(id);
            }
            return folds.getOrDefault(id, ElementState.fold(id.value(), List.of())).copy();
        }
    }
}
