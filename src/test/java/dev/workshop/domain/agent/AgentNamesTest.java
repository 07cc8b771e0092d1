package dev.workshop.domain.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AgentNamesTest {
    @Test
    void aCopyTakesTheFirstNumberNoAgentHasIgnoringCase() {
        assertThat(AgentNames.forCopyOf("Ada", List.of("Ada", "Bruno"))).isEqualTo("Ada 2");
        assertThat(AgentNames.forCopyOf("Ada", List.of("Ada", "ada 2", "Ada 3"))).isEqualTo("Ada 4");
    }

    @Test
    void aCopyOfACopyCountsOnRatherThanAddingANumber() {
        assertThat(AgentNames.forCopyOf("Ada 2", List.of("Ada", "Ada 2"))).isEqualTo("Ada 3");
        assertThat(AgentNames.forCopyOf("  Ada  ", List.of("Ada"))).isEqualTo("Ada 2");
    }
}
