package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How an undo step made of agent definitions is named, from what changed between two palettes. */
final class AgentEdits {
    private AgentEdits() {
    }

    /** "rename Ada to Bo", "edit Ada", "add Cy", "remove Ada", or "edit 3 agents" when several changed. */
    static String label(Map<AgentId, AgentDefinition> before, Map<AgentId, AgentDefinition> after) {
        List<String> said = new ArrayList<>();
        after.forEach((id, now) -> {
            AgentDefinition then = before.get(id);
            if (then == null) {
                said.add("add " + now.name());
            } else if (!then.name().equals(now.name())) {
                said.add("rename " + then.name() + " to " + now.name());
            } else if (!then.equals(now)) {
                said.add("edit " + now.name());
            }
        });
        before.forEach((id, then) -> {
            if (!after.containsKey(id)) {
                said.add("remove " + then.name());
            }
        });
        return said.size() == 1 ? said.getFirst() : "edit " + said.size() + " agents";
    }
}
