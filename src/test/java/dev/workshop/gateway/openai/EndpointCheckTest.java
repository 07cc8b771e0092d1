package dev.workshop.gateway.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.workshop.domain.agent.EndpointReport;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** "Test connection" against a real HTTP server on loopback that answers {@code GET /v1/models} as told. */
class EndpointCheckTest {
    private static final String MODELS = """
            {"object": "list", "data": [{"id": "llama3.2:latest", "object": "model"}, {"id": "qwen2.5:7b"}]}""";
    private HttpServer server;
    private volatile int status = 200;
    private volatile String body = MODELS;
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final EndpointCheck check = new EndpointCheck(Duration.ofSeconds(5),
            Map.of("MY_KEY", "sk-test", "EMPTY_KEY", "")::get);

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/models", this::answer);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @Test
    void aServerWithTheModelIsUsableAndListsWhatItOffers() throws InterruptedException {
        EndpointReport report = check.check(base() + "/", "MY_KEY", "llama3.2");

        assertThat(report.usable()).isTrue();
        assertThat(report.message()).isEqualTo("Connected: llama3.2 is there (2 models in all).");
        assertThat(report.models()).containsExactly("llama3.2:latest", "qwen2.5:7b");
        assertThat(authorizations).containsExactly("Bearer sk-test");

        EndpointReport noModelYet = check.check(base(), "", "");
        assertThat(noModelYet.usable()).isTrue();
        assertThat(noModelYet.message()).isEqualTo("Connected: the server offers 2 models. Pick one as the model.");
        assertThat(authorizations.getLast()).as("no key named, none sent").isEqualTo("null");
    }

    @Test
    void aMissingModelIsNamedWithWhatTheServerHas() throws InterruptedException {
        EndpointReport report = check.check(base(), "", "mistral");

        assertThat(report.usable()).isFalse();
        assertThat(report.message()).isEqualTo("Connected, but the server has no model mistral. It offers: "
                + "llama3.2:latest, qwen2.5:7b");
        assertThat(report.models()).hasSize(2);
    }

    @Test
    void aRefusedKeyAWrongPathAndAServerErrorAreToldApart() throws InterruptedException {
        status = 401;
        body = "{\"error\": {\"message\": \"invalid key\"}}";
        assertThat(check.check(base(), "MY_KEY", "llama3.2").message())
                .isEqualTo("127.0.0.1 refused the key in MY_KEY (HTTP 401). Check that key.");
        assertThat(check.check(base(), "", "llama3.2").message())
                .isEqualTo("127.0.0.1 refused to answer without a key (HTTP 401). Give the key (API key), or name"
                        + " the environment variable that holds it.");
        assertThat(check.checkWithKey(base(), "sk-typed", "the key given", "llama3.2").message())
                .isEqualTo("127.0.0.1 refused the key given (HTTP 401). Check that key.");

        status = 200;
        assertThat(check.check("http://127.0.0.1:" + server.getAddress().getPort(), "", "x").message())
                .isEqualTo("http://127.0.0.1:" + server.getAddress().getPort() + "/models was not found (HTTP 404): "
                        + "the base URL of an OpenAI-compatible server usually ends in /v1");

        status = 500;
        body = "model loader crashed\nstack…";
        assertThat(check.check(base(), "", "x").message()).isEqualTo("127.0.0.1 answered HTTP 500: model loader crashed");

        status = 200;
        body = "<html>Welcome</html>";
        assertThat(check.check(base(), "", "x").message())
                .isEqualTo("127.0.0.1 answered, but not with a list of models: is " + base()
                        + "/models an OpenAI-compatible endpoint?");
    }

    @Test
    void anUnreachableServerABadAddressAndAnUnsetKeyAreNamedBeforeAnythingIsSent() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        EndpointReport down = check.check("http://127.0.0.1:" + closed + "/v1", "", "llama3.2");
        assertThat(down.usable()).isFalse();
        assertThat(down.message()).isEqualTo("Cannot reach http://127.0.0.1:" + closed
                + ": the connection was refused. Is the server running?");

        assertThat(check.check(" ", "", "x").message())
                .isEqualTo("Enter the server's base URL first, such as http://localhost:11434/v1");
        assertThat(check.check("localhost:11434/v1", "", "x").message())
                .isEqualTo("localhost:11434/v1 is not an http:// or https:// address");
        assertThat(check.check(base(), "EMPTY_KEY", "x").message())
                .startsWith("The environment variable EMPTY_KEY is not set where Workshop runs");
        assertThat(check.check(base(), "NO_SUCH_KEY", "x").message())
                .startsWith("The environment variable NO_SUCH_KEY is not set");
        assertThat(authorizations).as("nothing was sent for a key that is not there").isEmpty();
    }
}
