package dev.workshop.cli.mcp;

import dev.workshop.cli.json.ElementJson;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.orchestration.Elements;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The shared elements as MCP resources, {@code workshop://KIND/ID} ({@code workshop://board/…}, pinboards, inboxes,
 * the rulebook, agents' memory): each read whole as JSON (its state and its history with provenance); a host that
 * subscribes is told when one changes.
 */
final class ElementResources {
    static final String SCHEME = "workshop://";
    private final Elements elements;

    ElementResources(Elements elements) {
        this.elements = elements;
    }

    static String uri(ElementState element) {
        return SCHEME + element.kind().wireName() + "/" + element.id();
    }

    /** The element a uri names, if it names one. */
    Optional<ElementState> element(String uri) {
        if (!uri.startsWith(SCHEME) || uri.indexOf('/', SCHEME.length()) < 0) {
            return Optional.empty();
        }
        String id = uri.substring(uri.indexOf('/', SCHEME.length()) + 1);
        return elements.find(id).filter(element -> uri(element).equals(uri));
    }

    List<ElementState> all() {
        return elements.environment().elements();
    }

    SyncResourceSpecification resource(ElementState element) {
        McpSchema.Resource resource = McpSchema.Resource.builder().uri(uri(element)).name(element.name())
                .description(element.name() + ", a " + element.kind().wireName() + " in Workshop")
                .mimeType("application/json").build();
        return new SyncResourceSpecification(resource, (exchange, request) -> read(request.uri()));
    }

    List<SyncResourceTemplateSpecification> templates() {
        return Arrays.stream(ElementKind.values()).map(kind -> new SyncResourceTemplateSpecification(
                new McpSchema.ResourceTemplate(SCHEME + kind.wireName() + "/{id}", kind.wireName(),
                        "A " + kind.wireName() + " in Workshop, by its id", "application/json", null),
                (exchange, request) -> read(request.uri()))).toList();
    }

    McpSchema.ReadResourceResult read(String uri) {
        ElementState element = element(uri).orElseThrow(() -> new IllegalArgumentException("There is no element at "
                + uri));
        String text = ElementJson.full(element, elements.history(element.id())).toString();
        return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, "application/json",
                text)));
    }
}
