package dev.workshop.gateway.offline;

import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Environment;
import dev.workshop.domain.element.Pin;
import dev.workshop.gateway.GatewayRequest;
import java.util.List;
import java.util.Optional;

/**
 * What the offline agents do with the shared elements, by their model, so that the feature shows with no model at
 * all: the planner pins its point, the critic votes (the top pin up on even turns, the lowest down on odd ones, so
 * a weak pin comes down in time), the builder remembers its point and tells the previous speaker, the writer posts
 * on the board, and everyone heeds the rulebook. Markers, as a model without tools would write them.
 */
final class OfflineActs {
    private OfflineActs() {
    }

    /** The rulebook's first line as the reply heeds it ("" when there is none). */
    static String heeding(Environment environment) {
        return first(environment, ElementKind.RULEBOOK).map(ElementState::rules).filter(rules -> !rules.isBlank())
                .map(rules -> "Keeping to the rulebook (\"" + firstLine(rules) + "\"), ").orElse("");
    }

    /** The markers the agent of {@code request} puts after its reply making {@code point}; "" when it has none. */
    static String markers(GatewayRequest request, String point) {
        Environment environment = request.environment();
        String said = point.isEmpty() ? point : Character.toUpperCase(point.charAt(0)) + point.substring(1);
        return switch (request.agent().model()) {
            case "offline-planner" -> first(environment, ElementKind.PINBOARD)
                    .filter(board -> board.topPins().size() < ElementState.MAX_PINS)
                    .map(board -> " [PIN: " + said + "]").orElse("");
            case "offline-critic" -> first(environment, ElementKind.PINBOARD).map(ElementState::topPins)
                    .filter(pins -> !pins.isEmpty()).map(pins -> vote(pins, request)).orElse("");
            case "offline-writer" -> first(environment, ElementKind.BOARD)
                    .map(board -> " [POST: " + said + "]").orElse("");
            case "offline-builder" -> builder(request, said);
            default -> "";
        };
    }

    /** Up for the top pin two turns in three, down for the lowest the third: the same for the same turn. */
    private static String vote(List<Pin> pins, GatewayRequest request) {
        int draw = Math.floorMod(request.conversationId().value().hashCode() * 31 + request.turnIndex(), 3);
        return draw > 0 ? " [VOTE_UP: " + pins.getFirst().id() + "]" : " [VOTE_DOWN: " + pins.getLast().id() + "]";
    }

    private static String builder(GatewayRequest request, String said) {
        Environment environment = request.environment();
        StringBuilder markers = new StringBuilder();
        boolean remembers = environment.elements().stream().anyMatch(element -> element.kind() == ElementKind.MEMORY
                && element.owner().filter(request.agent().id().value()::equals).isPresent());
        if (remembers && !environment.elements().stream().allMatch(element -> element.kind().ownedByAnAgent())) {
            markers.append(" [REMEMBER: ").append(said).append(']');
        }
        String previous = request.previousSpeaker();
        boolean canSend = environment.elements().stream().anyMatch(element -> element.kind() == ElementKind.INBOX
                && element.name().equalsIgnoreCase(previous) && !previous.equals(request.agent().name()));
        if (canSend && !markers.isEmpty()) {
            markers.append(" [SEND to ").append(previous).append(": I will take the next step on this.]");
        }
        return markers.toString();
    }

    private static Optional<ElementState> first(Environment environment, ElementKind kind) {
        return environment.elements().stream().filter(element -> element.kind() == kind).findFirst();
    }

    private static String firstLine(String rules) {
        String line = rules.strip().lines().findFirst().orElse("").strip();
        return line.length() <= 60 ? line : line.substring(0, 59).strip() + "…";
    }
}
