package dev.workshop.domain.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AvatarPalette.Swatch;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AvatarPaletteTest {

    private static AgentDefinition agent(String colour) {
        return new AgentDefinition(AgentId.generate(), "Agent", "", AgentDefinition.OFFLINE, "", colour);
    }

    @Test
    void everyColourCarriesWhiteInitialsReadably() {
        assertThat(AvatarPalette.SWATCHES).extracting(Swatch::name).doesNotHaveDuplicates();
        assertThat(AvatarPalette.SWATCHES).extracting(Swatch::hex).doesNotHaveDuplicates()
                .allMatch(AvatarPalette::isValid);
        // WCAG AA for normal text: 4.5 to 1 against the white initials.
        for (Swatch swatch : AvatarPalette.SWATCHES) {
            assertThat(contrastWithWhite(swatch.hex())).as(swatch.name()).isGreaterThanOrEqualTo(4.5);
        }
    }

    private static double contrastWithWhite(String hex) {
        double luminance = 0;
        double[] weights = {0.2126, 0.7152, 0.0722};
        for (int i = 0; i < 3; i++) {
            double channel = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            channel = channel <= 0.03928 ? channel / 12.92 : Math.pow((channel + 0.055) / 1.055, 2.4);
            luminance += weights[i] * channel;
        }
        return 1.05 / (luminance + 0.05);
    }

    @Test
    void theStarterAgentsHoldTheFirstFourSoANewAgentGetsTheFifth() {
        assertThat(StarterAgents.all()).extracting(AgentDefinition::avatarColor)
                .containsExactlyElementsOf(AvatarPalette.SWATCHES.subList(0, 4).stream().map(Swatch::hex).toList());
        assertThat(AvatarPalette.nextFor(StarterAgents.all())).isEqualTo("#bc4c00");
    }

    @Test
    void aNewAgentTakesTheFirstFreeColourAndOnceAllAreTakenTheLeastUsed() {
        assertThat(AvatarPalette.nextFor(List.of())).isEqualTo("#0969da");
        assertThat(AvatarPalette.nextFor(List.of(agent("#0969DA"), agent("#1a7f37")))).as("case does not matter")
                .isEqualTo("#cf222e");

        List<AgentDefinition> agents = new ArrayList<>();
        for (Swatch swatch : AvatarPalette.SWATCHES) {
            agents.add(agent(swatch.hex()));
        }
        agents.add(agent("#0969da"));
        agents.add(agent("#cf222e"));
        assertThat(AvatarPalette.nextFor(agents)).as("every colour taken: the first of the least used")
                .isEqualTo("#1a7f37");
    }

    @Test
    void anAgentsColourIsWrittenAsSixHexDigits() {
        assertThat(agent("#0E7490").avatarColor()).isEqualTo("#0e7490");
        assertThat(agent(null).avatarColor()).isEqualTo(AvatarPalette.DEFAULT);
        assertThat(agent(" ").avatarColor()).isEqualTo(AvatarPalette.DEFAULT);
        for (String wrong : List.of("red", "#fff", "0969da", "#0969dz", "#0969da ")) {
            assertThatThrownBy(() -> agent(wrong)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("An avatar colour is written #rrggbb, such as #0969da; \"" + wrong + "\" is not");
        }
    }
}
