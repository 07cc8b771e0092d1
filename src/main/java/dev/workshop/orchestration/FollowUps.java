package dev.workshop.orchestration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationRules;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.store.file.JsonProblems;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The follow-up rules (a workflow continued turn by turn): turn numbers, the entry agent, and the
 * conversation context {@code {"entry_agent": id, "turns": [{"role": "human"|"entry_agent", "content": …}]}}
 * that holds the user's prompts and the entry agent's replies — never the agents' collaboration.
 */
public final class FollowUps {
    private static final ObjectMapper JSON = new ObjectMapper();

    private FollowUps() {
    }

    /** The workflow turn a history has reached: 1 for the task, one more for each follow-up. */
    public static int turnNumber(List<RecordedEvent> history) {
        return Transcript.of(history).turnNumber();
    }

    /** The agent that answers the user first: the first agent among the participants. */
    public static Optional<Participant> entryAgent(List<Participant> participants) {
        return participants.stream().filter(participant -> !participant.isHuman()).findFirst();
    }

    /**
     * The context built from the log's fold: the task and every message of the user, and the entry agent's replies.
     */
    public static String context(Transcript transcript) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode turns = JSON.createArrayNode();
        Optional<ConversationStarted> start = transcript.start();
        Participant entry = start.flatMap(started -> entryAgent(started.participants())).orElse(null);
        start.ifPresent(started -> turns.addObject().put("role", "human").put("content", started.taskPrompt()));
        for (MessageRecorded message : transcript.messages()) {
            if (message.speakerId().equals(Participant.HUMAN)) {
                turns.addObject().put("role", "human").put("content", message.content());
            } else if (entry != null && message.speakerId().equals(entry.agentId())) {
                turns.addObject().put("role", "entry_agent").put("content", message.content());
            }
        }
        root.put("entry_agent", entry == null ? "" : entry.agentId().value());
        root.set("turns", turns);
        return root.toString();
    }

    /**
     * Checks a context given from outside (the command line's {@code --conversation-context}); returns it
     * normalised, or throws {@link IllegalArgumentException} naming the problem.
     */
    public static String validate(String context) {
        if (context.getBytes(StandardCharsets.UTF_8).length > ConversationRules.MAX_TEXT_BYTES) {
            throw new IllegalArgumentException("--conversation-context is over the limit of "
                    + ConversationRules.MAX_TEXT_BYTES + " bytes (1 MiB)");
        }
        JsonNode root;
        try {
            root = JSON.readTree(context);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("--conversation-context is not valid JSON " + JsonProblems.detail(e));
        }
        if (root == null || !root.isObject() || !root.path("entry_agent").isTextual() || !root.path("turns").isArray()) {
            throw new IllegalArgumentException("--conversation-context must be an object with \"entry_agent\" (text) "
                    + "and \"turns\" (a list)");
        }
        int index = 0;
        for (JsonNode turn : root.path("turns")) {
            String role = turn.path("role").asText("");
            if (!(role.equals("human") || role.equals("entry_agent")) || !turn.path("content").isTextual()) {
                throw new IllegalArgumentException("--conversation-context turn " + index
                        + " needs \"role\" (human or entry_agent) and \"content\" (text)");
            }
            index++;
        }
        return root.toString();
    }
}
