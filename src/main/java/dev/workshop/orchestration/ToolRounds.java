package dev.workshop.orchestration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionRejectedException;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.Provenance;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.gateway.GatewayTools;
import dev.workshop.gateway.ToolCall;
import dev.workshop.gateway.ToolExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The tool calls of one turn, carried out: each call checked against its action's definition (an unknown tool or
 * arguments that do not fit are answered with why, for the model to read, never thrown), the valid ones recorded in
 * the conversation's log before they are applied ({@link ConversationEvent.ActionsTaken}) and then applied once
 * each by their provenance, and every call answered. A turn asked again after a crash starts from the actions its
 * log says it took, so nothing is taken twice and the model hears what it already did.
 */
final class ToolRounds {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ConversationId id;
    private final int turn;
    private final Actor actor;
    private final Elements elements;
    private final Consumer<ConversationEvent> record;
    private final int maxCalls;
    private final List<Action> taken = new ArrayList<>();
    private final List<ToolExchange> done = new ArrayList<>();
    private final OutsideRounds outside;
    /** The outside tools the agent is offered this turn. */
    private final List<OutsideTool> offeredOutside;
    private int calls;

    /** @param record appends an event to the conversation's log, durably, after what the loop holds */
    ToolRounds(ConversationId id, int turn, Actor actor, Elements elements, Consumer<ConversationEvent> record,
               int maxCalls, Toolbox toolbox, List<OutsideTool> offeredOutside) {
        this.id = id;
        this.turn = turn;
        this.actor = actor;
        this.elements = elements;
        this.record = record;
        this.maxCalls = maxCalls;
        this.outside = new OutsideRounds(id, turn, actor, toolbox, record);
        this.offeredOutside = List.copyOf(offeredOutside);
    }

    /**
     * What the turn's earlier attempt did through outside tools (its log's), gone on with where a crash or a pause
     * stopped it; pauses again when the user's word is still needed ({@link TurnPaused}).
     */
    void resumeOutside(List<ConversationEvent.OutsideCallStep> earlier) {
        List<ToolExchange> told = outside.resume(earlier);
        done.addAll(told);
        calls += told.size();
    }

    /** What the turn's earlier attempt took (from its log), applied where a crash stopped it, and told again. */
    void resume(List<ConversationEvent.ActionsTaken> earlier) {
        for (ConversationEvent.ActionsTaken actions : earlier) {
            for (int i = 0; i < actions.actions().size(); i++) {
                Action action = actions.actions().get(i);
                int index = actions.firstIndex() + i;
                String result = elements.apply(action, actor, Provenance.of(id.value(), turn, index)).sentence();
                done.add(new ToolExchange(new ToolCall("call_" + turn + "_" + index, action.type().toolName(),
                        arguments(action)), result));
                taken.add(action);
                calls++;
            }
        }
    }

    /** What turn {@code turn} of conversation {@code id} did by tool calls before it was asked again. */
    static TurnSoFar earlier(LoopContext context, ConversationId id, int turn) {
        List<dev.workshop.domain.conversation.RecordedEvent> history = context.store().history(context.tenant(), id);
        return new TurnSoFar(history.stream().flatMap(recorded -> recorded.event().asActionsTaken().stream())
                .filter(actions -> actions.turnIndex() == turn).toList(), OutsideRounds.earlier(history, turn));
    }

    /** Whether the model may call more. */
    boolean more() {
        return calls < maxCalls;
    }

    GatewayTools tools(boolean offered) {
        return new GatewayTools(offered && more(), done, offeredOutside);
    }

    /** Carries out a reply's calls, in order. */
    void carryOut(List<ToolCall> asked) {
        List<Action> valid = new ArrayList<>();
        List<Object> answers = new ArrayList<>();
        for (ToolCall call : asked) {
            calls++;
            if (calls > maxCalls) {
                answers.add("Not done: a turn makes at most " + maxCalls + " tool calls; answer now");
                continue;
            }
            java.util.Optional<OutsideTool> tool = offeredOutside.stream()
                    .filter(offered -> offered.functionName().equals(call.name())).findFirst();
            if (tool.isPresent()) {
                answers.add(tool.get());
                continue;
            }
            try {
                valid.add(action(call));
                answers.add(valid.size() - 1);
            } catch (ActionRejectedException wrong) {
                answers.add("Error: " + wrong.getMessage());
            }
        }
        int first = taken.size();
        if (!valid.isEmpty()) {
            record.accept(new ConversationEvent.ActionsTaken(turn, first, valid));
        }
        for (int i = 0; i < asked.size(); i++) {
            String result = switch (answers.get(i)) {
                case Integer index ->
                        elements.apply(valid.get(index), actor, Provenance.of(id.value(), turn, first + index)).sentence();
                // May pause the turn for the user (an approval): what came before it is in the log already.
                case OutsideTool tool -> outside.carryOut(asked.get(i), tool);
                default -> (String) answers.get(i);
            };
            done.add(new ToolExchange(asked.get(i), result));
        }
        taken.addAll(valid);
    }

    /** Whether the turn's tool calls recorded anything in the log (their actions, or an outside call's steps). */
    boolean recorded() {
        return !taken.isEmpty() || outside.count() > 0;
    }

    /** The actions the turn's tool calls took, in the order of their provenance. */
    List<Action> taken() {
        return List.copyOf(taken);
    }

    private static Action action(ToolCall call) {
        ActionType type = ActionType.byToolName(call.name()).orElseThrow(() -> new ActionRejectedException(
                "there is no tool " + call.name() + "; the tools are " + String.join(", ",
                        Arrays.stream(ActionType.values()).map(ActionType::toolName).toList())));
        Map<String, Object> arguments;
        try {
            arguments = JSON.readValue(call.arguments(), new TypeReference<>() { });
        } catch (JsonProcessingException notJson) {
            throw new ActionRejectedException(call.name() + "'s arguments are not a JSON object: "
                    + notJson.getOriginalMessage());
        }
        return Action.of(type, arguments == null ? Map.of() : arguments);
    }

    private static String arguments(Action action) {
        try {
            return JSON.writeValueAsString(action.arguments());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
