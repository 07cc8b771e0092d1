package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.Initials;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.fsm.AgentState;
import dev.workshop.domain.fsm.AgentStateMachine;
import dev.workshop.domain.fsm.AgentTrigger;
import dev.workshop.domain.fsm.Transition;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One agent on the canvas as the view shows it: where it is now (it may wander away from its home spot),
 * its state machine, its speech bubble and whether it is selected. Lives on the FX thread.
 */
public final class AgentNodeModel {
    /** How far a wandering agent strays from home, and how far a patrol walks. */
    static final double WANDER_RADIUS = 60;
    static final double PATROL_LENGTH = 180;
    static final double SPEED = 40; // world units per second

    /** When it was selected among the others (see {@link #select(long, boolean)}). */
    private long selectionOrder;
    private final InstanceId id;
    private final AgentId agentId;
    /** The definition's name: it follows a rename in the agent editor. */
    private final StringProperty name = new SimpleStringProperty();
    /** The definition's avatar colour: it follows a change in the agent editor too. */
    private final StringProperty colour = new SimpleStringProperty();
    private Point home;
    private final DoubleProperty x = new SimpleDoubleProperty();
    private final DoubleProperty y = new SimpleDoubleProperty();
    private final ReadOnlyObjectWrapper<AgentState> state = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Behaviour> behaviour = new ReadOnlyObjectWrapper<>();
    private final StringProperty bubble = new SimpleStringProperty("");
    private final BooleanProperty selected = new SimpleBooleanProperty();
    private final BooleanProperty resumed = new SimpleBooleanProperty();
    private final ReadOnlyObjectWrapper<AgentMark> mark = new ReadOnlyObjectWrapper<>(AgentMark.NONE);
    private final AgentStateMachine machine;
    private final Set<ConversationId> conversations = new LinkedHashSet<>();
    /**
     * What each of its conversations says about the agent (queued, waiting for you, its turn failed): an agent
     * can take part in several at once, and one of them ending must not take away what another one said.
     */
    private final Map<ConversationId, AgentMark> marks = new LinkedHashMap<>();
    private final Random random;
    private double bubbleAge;
    /** The message the bubble is about; null when it shows nothing. */
    private MessageRef said;
    private double cooldownLeft;
    /** How long an agent reads what changed on an element it follows, when it was resting. */
    static final double NEWS_SECONDS = 2;
    private double newsLeft;
    private Point target;
    /** Seconds left to stand still before walking on: wanderers stroll and stop, patrols turn at each end. */
    private double pause;

    AgentNodeModel(AgentInstance instance, String name, String colour, Consumer<Transition> onTransition) {
        this.id = instance.id();
        this.agentId = instance.agentId();
        this.name.set(name);
        this.colour.set(colour);
        this.home = instance.position();
        this.random = new Random(instance.id().hashCode());
        this.machine = new AgentStateMachine(instance.behaviour(), onTransition);
        x.set(home.x());
        y.set(home.y());
        state.set(machine.state());
        behaviour.set(instance.behaviour());
    }

    public InstanceId id() {
        return id;
    }

    /** How many messages wait unread in the agent's inbox (its badge on the canvas). */
    public javafx.beans.property.ReadOnlyIntegerProperty unreadProperty() {
        return unread.getReadOnlyProperty();
    }

    void showUnread(int count) {
        unread.set(count);
    }

    /**
     * Queued, waiting for you or failed, shown in place of the state; {@link AgentMark#NONE} for none, and while
     * any of its conversations is under way: that one has its attention, and its state shows what it is doing.
     * Of several marks the most pressing shows (see {@link AgentMark}).
     */
    private final javafx.beans.property.ReadOnlyIntegerWrapper unread = new javafx.beans.property.ReadOnlyIntegerWrapper();

    public ReadOnlyObjectProperty<AgentMark> markProperty() {
        return mark.getReadOnlyProperty();
    }

    public AgentMark mark() {
        return mark.get();
    }

    /** What {@code conversation} now says about the agent; {@link AgentMark#NONE} takes its mark away. */
    void mark(ConversationId conversation, AgentMark value) {
        if (value == AgentMark.NONE) {
            marks.remove(conversation);
        } else {
            marks.put(conversation, value);
        }
        showMark();
    }

    /** Takes away every mark of a failed turn (the agent has moved on to a new conversation). */
    void forgetFailures() {
        marks.values().removeIf(value -> value == AgentMark.FAILED);
        showMark();
    }

    boolean hasFailed() {
        return marks.containsValue(AgentMark.FAILED);
    }

    /** The conversation whose mark the agent shows, if it shows one. */
    Optional<ConversationId> markedConversation() {
        AgentMark shown = mark.get();
        return shown == AgentMark.NONE ? Optional.empty() : marks.entrySet().stream()
                .filter(entry -> entry.getValue() == shown).map(Map.Entry::getKey).reduce((first, second) -> second);
    }

    private void showMark() {
        boolean underWay = conversations.stream().anyMatch(conversation -> !marks.containsKey(conversation));
        mark.set(underWay ? AgentMark.NONE : marks.values().stream().max(Comparator.naturalOrder()).orElse(AgentMark.NONE));
    }

    public AgentId agentId() {
        return agentId;
    }

    public String name() {
        return name.get();
    }

    public javafx.beans.property.ReadOnlyStringProperty nameProperty() {
        return name;
    }

    /** The agent's definition was renamed in the editor. */
    void rename(String newName) {
        name.set(newName);
    }

    /** Up to two letters for the avatar. */
    public String initials() {
        return Initials.of(name.get());
    }


    public String colour() {
        return colour.get();
    }

    public javafx.beans.property.ReadOnlyStringProperty colourProperty() {
        return colour;
    }

    /** The agent's definition was given another colour in the editor. */
    void recolour(String newColour) {
        colour.set(newColour);
    }

    /** The spot the user put the agent on; saved with the scene (wandering does not move it). */
    public Point home() {
        return home;
    }

    public AgentInstance toInstance() {
        return new AgentInstance(id, agentId, home, machine.behaviour());
    }

    public javafx.beans.property.ReadOnlyDoubleProperty xProperty() {
        return x;
    }

    public javafx.beans.property.ReadOnlyDoubleProperty yProperty() {
        return y;
    }

    public Point position() {
        return new Point(x.get(), y.get());
    }

    public ReadOnlyObjectProperty<AgentState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public AgentState state() {
        return state.get();
    }

    public ReadOnlyObjectProperty<Behaviour> behaviourProperty() {
        return behaviour.getReadOnlyProperty();
    }

    public javafx.beans.property.ReadOnlyStringProperty bubbleProperty() {
        return bubble;
    }

    public ReadOnlyBooleanProperty selectedProperty() {
        return selected;
    }

    void setSelected(boolean chosen) {
        selected.set(chosen);
    }

    /**
     * Selected as the {@code order}-th pick (higher is later), unless it is selected already and {@code keepPick}:
     * a selection lists its agents in the order picked.
     */
    void select(long order, boolean keepPick) {
        if (!selected.get() || !keepPick) {
            selectionOrder = order;
        }
        selected.set(true);
    }

    long selectionOrder() {
        return selectionOrder;
    }

    /** True while the agent takes part in a conversation that was resumed after a restart. */
    public ReadOnlyBooleanProperty resumedProperty() {
        return resumed;
    }

    void setResumed(boolean afterRestart) {
        resumed.set(afterRestart);
    }

    /** The conversations it takes part in now, oldest first (one waiting for the user's message included). */
    Set<ConversationId> conversations() {
        return Collections.unmodifiableSet(conversations);
    }

    void join(ConversationId conversation) {
        conversations.add(conversation);
        showMark();
    }

    void leave(ConversationId conversation) {
        conversations.remove(conversation);
        showMark();
    }

    Optional<Transition> fire(AgentTrigger trigger) {
        Optional<Transition> row = machine.fire(trigger);
        state.set(machine.state());
        if (trigger == AgentTrigger.CONVERSATION_END && row.isPresent()) {
            cooldownLeft = CanvasViewModel.COOLDOWN_SECONDS;
        }
        // Reading news lasts a moment; any other way out of reading ends it.
        newsLeft = trigger == AgentTrigger.NEWS && row.isPresent() ? NEWS_SECONDS
                : row.isPresent() ? 0 : newsLeft;
        return row;
    }

    /** Another changed an element this agent follows: resting, it reads it for a moment. */
    void noticeNews() {
        fire(AgentTrigger.NEWS);
    }

    void changeBehaviour(Behaviour newBehaviour) {
        machine.changeBehaviour(newBehaviour);
        behaviour.set(newBehaviour);
        state.set(machine.state());
        target = null;
        pause = 0;
    }

    /** 1 while the bubble is fresh, falling to 0 over its last second. */
    public double bubbleOpacity() {
        return Math.max(0, Math.min(1, CanvasViewModel.BUBBLE_SECONDS - bubbleAge));
    }

    /** Shows {@code text} in the bubble (empty while the turn is being written: the dots). */
    void say(String text, MessageRef about) {
        bubble.set(text);
        bubbleAge = 0;
        said = about;
    }

    /** The message the bubble shows or is being written, to open it in the sidebar. */
    public Optional<MessageRef> said() {
        return Optional.ofNullable(said);
    }

    /** Moves the agent to a new home (the user dropped it there). */
    void putAt(Point point) {
        home = point;
        target = null;
        x.set(point.x());
        y.set(point.y());
    }

    /** Moves with the mouse during a drag; the home follows when the drag ends. */
    void dragTo(Point point) {
        x.set(point.x());
        y.set(point.y());
    }

    /**
     * Whether {@link #advance} changes the agent with nothing else happening: it walks, its cooldown runs, its
     * thinking dots turn or its bubble fades. Otherwise the canvas need not draw it again until it changes.
     */
    boolean movesOnItsOwn() {
        AgentState now = state.get();
        return now == AgentState.WANDERING || now == AgentState.PATROLLING || now == AgentState.COOLDOWN
                || now == AgentState.THINKING || newsLeft > 0 || !bubble.get().isEmpty();
    }

    /** One animation step: walking, the cooldown after a conversation and the speech bubble's life. */
    void advance(double seconds) {
        if (!bubble.get().isEmpty() && state.get() != AgentState.THINKING) {
            bubbleAge += seconds;
            if (bubbleAge > CanvasViewModel.BUBBLE_SECONDS) {
                bubble.set("");
                said = null;
            }
        }
        if (newsLeft > 0) {
            newsLeft -= seconds;
            if (newsLeft <= 0) {
                fire(AgentTrigger.NEWS_READ);
            }
        }
        if (state.get() == AgentState.COOLDOWN) {
            cooldownLeft -= seconds;
            if (cooldownLeft <= 0) {
                fire(AgentTrigger.COOLDOWN_OVER);
            }
        }
        if (state.get() == AgentState.WANDERING || state.get() == AgentState.PATROLLING) {
            walk(seconds);
        }
    }

    private void walk(double seconds) {
        if (pause > 0) {
            pause -= seconds;
            return;
        }
        if (target == null) {
            target = nextTarget();
        }
        double dx = target.x() - x.get();
        double dy = target.y() - y.get();
        double distance = Math.hypot(dx, dy);
        double step = SPEED * seconds;
        if (distance <= step) {
            x.set(target.x());
            y.set(target.y());
            target = nextTarget();
            pause = state.get() == AgentState.PATROLLING ? 1 : 1 + random.nextDouble() * 2;
        } else {
            x.set(x.get() + dx / distance * step);
            y.set(y.get() + dy / distance * step);
        }
    }

    private Point nextTarget() {
        if (state.get() == AgentState.PATROLLING) {
            boolean atHome = position().distanceTo(home) < 1;
            return atHome ? home.plus(PATROL_LENGTH, 0) : home;
        }
        double angle = random.nextDouble() * Math.PI * 2;
        double radius = random.nextDouble() * WANDER_RADIUS;
        return home.plus(Math.cos(angle) * radius, Math.sin(angle) * radius);
    }
}
