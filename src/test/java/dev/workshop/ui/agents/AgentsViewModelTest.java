package dev.workshop.ui.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.gateway.openai.EndpointCheck;
import dev.workshop.orchestration.AgentDirectory;
import dev.workshop.store.file.JsonAgentCatalog;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent editor's rules, without a JavaFX toolkit. */
class AgentsViewModelTest {
    /** The agents of {@code catalog}, with the real "Test connection" (the tests run a real server for it). */
    private static AgentDirectory directory(dev.workshop.store.AgentCatalog catalog) {
        return new AgentDirectory(catalog, new EndpointCheck(Duration.ofSeconds(10), System::getenv));
    }

    @TempDir
    Path dir;

    private JsonAgentCatalog catalog;
    private AgentsViewModel viewModel;

    @BeforeEach
    void open() {
        catalog = JsonAgentCatalog.open(dir, warning -> { });
        viewModel = new AgentsViewModel(directory(catalog), FxExecutor.direct(), Background.direct());
    }

    /** Saved on this thread (the background is direct): done when it returns. */
    private void saveAndWait() {
        viewModel.save();
        assertThat(viewModel.busyProperty().get()).as("done when save returns").isFalse();
    }

    @Test
    void listsTheStarterAgentsAndFillsTheFormFromTheSelection() {
        assertThat(viewModel.agents()).extracting(AgentDefinition::name).containsExactly("Ada", "Bruno", "Chen", "Dalia");
        viewModel.selectedProperty().set(viewModel.agents().get(1));
        assertThat(viewModel.fields().nameProperty().get()).isEqualTo("Bruno");
        assertThat(viewModel.fields().personaProperty().get()).startsWith("You are Bruno");
        assertThat(viewModel.fields().providerProperty().get()).isEqualTo("offline");
    }

    @Test
    void opensOnTheFirstAgentAndTheFormSaysWhetherItEditsOrAdds() {
        assertThat(viewModel.formTitle()).isEqualTo("New agent");
        viewModel.selectFirstIfNone();
        assertThat(viewModel.formTitle()).isEqualTo("Ada");
        assertThat(viewModel.fields().nameProperty().get()).isEqualTo("Ada");

        viewModel.select(viewModel.agents().get(2).id());
        viewModel.selectFirstIfNone();
        assertThat(viewModel.formTitle()).as("a choice already made stays").isEqualTo("Chen");

        viewModel.newAgent();
        assertThat(viewModel.formTitle()).isEqualTo("New agent");
        viewModel.fields().nameProperty().set("Ann");
        saveAndWait();
        assertThat(viewModel.formTitle()).as("once saved, the form edits it").isEqualTo("Ann");
    }

    @Test
    void aPresetFillsInTheServerAndItsKeyVariableAndKeepsTheRest() {
        viewModel.selectFirstIfNone();
        viewModel.fields().modelProperty().set("llama3.2");
        EndpointPreset ollama = EndpointPreset.ALL.stream().filter(preset -> preset.name().startsWith("Ollama"))
                .findFirst().orElseThrow();
        EndpointPreset openAi = EndpointPreset.ALL.stream().filter(preset -> preset.name().equals("OpenAI"))
                .findFirst().orElseThrow();

        viewModel.applyPreset(openAi);
        assertThat(viewModel.fields().providerProperty().get()).isEqualTo(AgentDefinition.OPENAI_COMPATIBLE);
        assertThat(viewModel.fields().baseUrlProperty().get()).isEqualTo("https://api.openai.com/v1");
        assertThat(viewModel.fields().apiKeyEnvProperty().get()).isEqualTo("OPENAI_API_KEY");
        assertThat(viewModel.messageProperty().get()).isEqualTo("Base URL set for OpenAI; its key is read from OPENAI_API_KEY");

        viewModel.applyPreset(ollama);
        assertThat(viewModel.fields().baseUrlProperty().get()).isEqualTo("http://localhost:11434/v1");
        assertThat(viewModel.fields().apiKeyEnvProperty().get()).as("a local server takes no key").isEmpty();
        assertThat(viewModel.fields().nameProperty().get()).isEqualTo("Ada");
        assertThat(viewModel.fields().modelProperty().get()).isEqualTo("llama3.2");

        saveAndWait();
        AgentDefinition saved = catalog.list().getFirst();
        assertThat(saved.provider()).isEqualTo(AgentDefinition.OPENAI_COMPATIBLE);
        assertThat(saved.endpoint().baseUrl()).isEqualTo("http://localhost:11434/v1");
    }

    @Test
    void aPresetClearsTheStyleNameOfAnOfflineAgentSoThatAModelOfTheServerIsPicked() {
        viewModel.selectFirstIfNone();
        assertThat(viewModel.fields().modelProperty().get()).as("Ada's offline style").isEqualTo("offline-planner");
        EndpointPreset openAi = EndpointPreset.ALL.stream().filter(preset -> preset.name().equals("OpenAI"))
                .findFirst().orElseThrow();

        viewModel.applyPreset(openAi);

        assertThat(viewModel.fields().modelProperty().get()).isEmpty();
        assertThat(viewModel.messageProperty().get()).isEqualTo("Base URL set for OpenAI; its key is read from "
                + "OPENAI_API_KEY; Test connection lists its models to pick from");
        assertThat(viewModel.fields().nameProperty().get()).isEqualTo("Ada");
    }

    @Test
    void theFormKnowsWhetherItHoldsEditsNotSavedYet() {
        assertThat(viewModel.hasUnsavedChanges()).as("an empty form just opened").isFalse();
        viewModel.selectFirstIfNone();
        assertThat(viewModel.hasUnsavedChanges()).as("Ada as she was saved").isFalse();

        viewModel.fields().personaProperty().set("You are Ada, who plans picnics.");
        assertThat(viewModel.hasUnsavedChanges()).isTrue();
        assertThat(viewModel.unsavedWhat()).isEqualTo("the changes to Ada");
        viewModel.fields().personaProperty().set(catalog.list().getFirst().persona());
        assertThat(viewModel.hasUnsavedChanges()).as("changed back").isFalse();

        viewModel.fields().personaProperty().set("You are Ada, who plans picnics.");
        java.util.concurrent.atomic.AtomicBoolean then = new java.util.concurrent.atomic.AtomicBoolean();
        viewModel.save(() -> then.set(true));
        assertThat(then).as("saved before save returns").isTrue();
        assertThat(viewModel.hasUnsavedChanges()).as("saved").isFalse();
        assertThat(catalog.list().getFirst().persona()).isEqualTo("You are Ada, who plans picnics.");

        viewModel.duplicateSelected();
        assertThat(viewModel.hasUnsavedChanges()).as("a copy not saved yet").isTrue();
        assertThat(viewModel.unsavedWhat()).isEqualTo("the new agent Ada 2");
        viewModel.newAgent();
        assertThat(viewModel.hasUnsavedChanges()).as("an empty new form").isFalse();
    }

    @Test
    void aSaveThatDoesNotCheckOutDoesNotGoOn() {
        viewModel.newAgent();
        viewModel.fields().providerProperty().set(AgentDefinition.OPENAI_COMPATIBLE);
        viewModel.fields().nameProperty().set("Ann");
        java.util.concurrent.atomic.AtomicBoolean then = new java.util.concurrent.atomic.AtomicBoolean();

        viewModel.save(() -> then.set(true));

        assertThat(viewModel.messageProperty().get()).isEqualTo("An OpenAI-compatible agent needs a base URL and a model");
        assertThat(viewModel.messageIsProblemProperty().get()).as("shown in the error style").isTrue();
        assertThat(then).as("the editor stays open on the problem").isFalse();
        assertThat(viewModel.hasUnsavedChanges()).isTrue();
    }

    @Test
    void everyPresetsBaseUrlIsInTheFormTheGatewayExpects() {
        assertThat(EndpointPreset.ALL).allSatisfy(preset -> {
            assertThat(java.net.URI.create(preset.baseUrl()).getScheme()).isIn("http", "https");
            assertThat(preset.baseUrl()).endsWith("/v1");
        });
    }

    @Test
    void anAgentWithAProviderThisVersionDoesNotKnowSaysSoAndIsNotSavedAsItIs() {
        AgentDefinition odd = catalog.add(new AgentDefinition(AgentId.generate(), "Olga", "You are Olga.",
                "openai-compat", "llama3.2", null));
        viewModel = new AgentsViewModel(directory(catalog), FxExecutor.direct(), Background.direct());

        viewModel.selectedProperty().set(odd);

        assertThat(viewModel.fields().providerProperty().get()).isEqualTo("openai-compat");
        assertThat(viewModel.messageProperty().get())
                .isEqualTo("Olga's provider \"openai-compat\" is not one Workshop knows: choose one and save");
        viewModel.save();
        assertThat(viewModel.messageProperty().get()).isEqualTo("Choose a provider: \"openai-compat\" is not one Workshop knows");
        assertThat(viewModel.busyProperty().get()).isFalse();

        viewModel.fields().providerProperty().set(AgentDefinition.OFFLINE);
        saveAndWait();
        assertThat(catalog.find(odd.id()).orElseThrow().provider()).isEqualTo(AgentDefinition.OFFLINE);
        assertThat(viewModel.messageProperty().get()).isEqualTo("Saved Olga");
        assertThat(viewModel.messageIsProblemProperty().get()).as("what was done, in the usual style").isFalse();
    }

    @Test
    void aNewAgentIsOfferedAColourNoOtherHasAndKeepsTheOneChosen() {
        assertThat(viewModel.fields().colourProperty().get()).as("the starters hold blue, red, green and purple")
                .isEqualTo("#bc4c00");
        viewModel.fields().nameProperty().set("Eve");
        saveAndWait();
        assertThat(catalog.findByIdOrName("Eve").orElseThrow().avatarColor()).isEqualTo("#bc4c00");

        viewModel.newAgent();
        assertThat(viewModel.fields().colourProperty().get()).as("the next one is free too").isEqualTo("#0e7490");
        viewModel.fields().nameProperty().set("Finn");
        viewModel.fields().colourProperty().set("#cf222e");
        saveAndWait();
        assertThat(catalog.findByIdOrName("Finn").orElseThrow().avatarColor()).isEqualTo("#cf222e");

        viewModel.select(viewModel.agents().get(1).id());
        assertThat(viewModel.fields().colourProperty().get()).as("an agent's own colour").isEqualTo("#cf222e");
        viewModel.fields().colourProperty().set("#8a5a2b");
        saveAndWait();
        assertThat(catalog.findByIdOrName("Bruno").orElseThrow().avatarColor()).isEqualTo("#8a5a2b");
    }

    @Test
    void duplicatingStartsANewAgentWithTheSameSettingsAFreeNameAndItsOwnColour() {
        viewModel.newAgent();
        viewModel.fields().nameProperty().set("Ann");
        viewModel.fields().personaProperty().set("You are Ann, a tester.");
        viewModel.fields().providerProperty().set(AgentDefinition.OPENAI_COMPATIBLE);
        viewModel.fields().baseUrlProperty().set("http://localhost:11434/v1");
        viewModel.fields().modelProperty().set("llama3.2");
        viewModel.fields().apiKeyEnvProperty().set("OLLAMA_KEY");
        saveAndWait();
        AgentDefinition ann = catalog.findByIdOrName("Ann").orElseThrow();
        viewModel.select(ann.id());

        viewModel.duplicateSelected();

        assertThat(viewModel.formTitle()).as("nothing saved yet").isEqualTo("New agent");
        assertThat(viewModel.fields().nameProperty().get()).isEqualTo("Ann 2");
        assertThat(viewModel.fields().personaProperty().get()).isEqualTo("You are Ann, a tester.");
        assertThat(viewModel.fields().baseUrlProperty().get()).isEqualTo("http://localhost:11434/v1");
        assertThat(viewModel.fields().modelProperty().get()).isEqualTo("llama3.2");
        assertThat(viewModel.fields().apiKeyEnvProperty().get()).isEqualTo("OLLAMA_KEY");
        assertThat(viewModel.fields().colourProperty().get()).isNotEqualTo(ann.avatarColor()).isEqualTo("#0e7490");
        assertThat(viewModel.messageProperty().get()).isEqualTo("A copy of Ann: change what should differ, then Save");
        saveAndWait();
        AgentDefinition copy = catalog.findByIdOrName("Ann 2").orElseThrow();
        assertThat(copy.id()).isNotEqualTo(ann.id());
        assertThat(copy.endpoint()).isEqualTo(ann.endpoint());

        viewModel.select(ann.id());
        viewModel.duplicateSelected();
        assertThat(viewModel.fields().nameProperty().get()).as("Ann 2 is taken").isEqualTo("Ann 3");
    }

    @Test
    void selectingByIdFillsTheFormAndAnUnknownIdChangesNothing() {
        AgentDefinition chen = viewModel.agents().get(2);

        viewModel.select(chen.id());
        assertThat(viewModel.fields().nameProperty().get()).isEqualTo("Chen");

        viewModel.select(new AgentId("nobody"));
        assertThat(viewModel.selectedProperty().get()).isEqualTo(chen);
    }

    @Test
    void addsAnAgentOnAnOpenAiCompatibleServer() {
        viewModel.newAgent();
        viewModel.fields().nameProperty().set("Ann");
        viewModel.fields().providerProperty().set(AgentDefinition.OPENAI_COMPATIBLE);
        viewModel.fields().baseUrlProperty().set("http://localhost:11434/v1");
        viewModel.fields().modelProperty().set("llama3.2");
        viewModel.fields().temperatureProperty().set("0.4");
        viewModel.fields().maxTokensProperty().set("300");
        viewModel.fields().apiKeyEnvProperty().set("OLLAMA_KEY");
        viewModel.fields().contextTokensProperty().set("4096");
        viewModel.fields().firstTokenTimeoutProperty().set("120");
        viewModel.fields().idleTimeoutProperty().set("");
        saveAndWait();

        AgentDefinition saved = catalog.findByIdOrName("Ann").orElseThrow();
        assertThat(saved.endpoint().baseUrl()).isEqualTo("http://localhost:11434/v1");
        assertThat(saved.endpoint().temperature()).isEqualTo(0.4);
        assertThat(saved.endpoint().maxTokens()).isEqualTo(300);
        assertThat(saved.endpoint().apiKeyEnv()).isEqualTo("OLLAMA_KEY");
        assertThat(saved.endpoint().contextTokens()).isEqualTo(4096);
        assertThat(saved.endpoint().firstTokenTimeoutSeconds()).isEqualTo(120);
        assertThat(saved.endpoint().idleTimeoutSeconds()).as("empty: the default").isNull();
        assertThat(viewModel.messageProperty().get()).isEqualTo("Saved Ann");
        assertThat(viewModel.selectedProperty().get().id()).isEqualTo(saved.id());
    }

    @Test
    void testConnectionReportsWhatTheServerSaysAndForgetsItWhenTheSettingsChange() throws Exception {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/models", exchange -> {
            byte[] body = "{\"data\": [{\"id\": \"llama3.2:latest\"}, {\"id\": \"phi4\"}]}".getBytes();
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            viewModel.newAgent();
            viewModel.fields().providerProperty().set(AgentDefinition.OPENAI_COMPATIBLE);
            viewModel.fields().baseUrlProperty().set("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
            viewModel.fields().modelProperty().set("mistral");
            viewModel.testConnection();
            assertThat(viewModel.endpointCheck().connectionProperty().get()).as("checked before it returns").isNotNull();

            assertThat(viewModel.endpointCheck().checkingProperty().get()).isFalse();
            assertThat(viewModel.endpointCheck().connectionProperty().get().usable()).isFalse();
            assertThat(viewModel.endpointCheck().connectionProperty().get().message())
                    .isEqualTo("Connected, but the server has no model mistral. It offers: llama3.2:latest, phi4");
            assertThat(viewModel.endpointCheck().connectionProperty().get().models()).containsExactly("llama3.2:latest", "phi4");

            viewModel.fields().modelProperty().set("phi4");
            assertThat(viewModel.endpointCheck().connectionProperty().get()).as("a report about other settings is gone").isNull();
            viewModel.testConnection();
            assertThat(viewModel.endpointCheck().connectionProperty().get()).as("checked before it returns").isNotNull();
            assertThat(viewModel.endpointCheck().connectionProperty().get().usable()).isTrue();
        } finally {
            server.stop(0);
        }
    }

    @Test
    void editsAnAgentKeepingItsId() {
        AgentDefinition chen = viewModel.agents().get(2);
        viewModel.selectedProperty().set(chen);
        viewModel.fields().nameProperty().set("Chen Li");
        saveAndWait();
        assertThat(catalog.find(chen.id()).orElseThrow().name()).isEqualTo("Chen Li");
        assertThat(catalog.list()).hasSize(4);
    }

    @Test
    void undoTakesARenameBackAndOnlyTheLastSaveOfTheAgentShown() {
        AgentDefinition chen = viewModel.agents().get(2);
        viewModel.selectedProperty().set(chen);
        assertThat(viewModel.canUndoSaveProperty().get()).as("nothing saved yet").isFalse();
        viewModel.fields().nameProperty().set("Chen Li");
        viewModel.fields().personaProperty().set("A patient reviewer.");
        saveAndWait();
        assertThat(viewModel.messageProperty().get()).isEqualTo("Saved Chen Li (was Chen)");
        assertThat(viewModel.canUndoSaveProperty().get()).isTrue();

        viewModel.undoSave();
        assertThat(viewModel.busyProperty().get()).isFalse();
        assertThat(catalog.find(chen.id()).orElseThrow()).isEqualTo(chen);
        assertThat(viewModel.fields().nameProperty().get()).isEqualTo("Chen");
        assertThat(viewModel.hasUnsavedChanges()).isFalse();
        assertThat(viewModel.messageProperty().get()).isEqualTo("Undone: Chen Li is Chen again");
        assertThat(viewModel.canUndoSaveProperty().get()).as("one step").isFalse();

        // A save of another agent is not taken back from this one, and showing another forgets the step.
        viewModel.fields().nameProperty().set("Chen Li");
        saveAndWait();
        viewModel.selectedProperty().set(viewModel.agents().get(0));
        assertThat(viewModel.canUndoSaveProperty().get()).isFalse();
    }

    @Test
    void aCopyOfAnAgentWhoseKeyIsInTheSecretStoreGetsTheKeyToo() {
        dev.workshop.gateway.InMemorySecretStore store = new dev.workshop.gateway.InMemorySecretStore();
        AgentDirectory directory = new AgentDirectory(catalog, new EndpointCheck(Duration.ofSeconds(10),
                System::getenv), store);
        viewModel = new AgentsViewModel(directory, FxExecutor.direct(), Background.direct());
        viewModel.selectedProperty().set(viewModel.agents().get(2));
        viewModel.fields().providerProperty().set(AgentDefinition.OPENAI_COMPATIBLE);
        viewModel.fields().baseUrlProperty().set("https://api.example.org/v1");
        viewModel.fields().modelProperty().set("gpt-4o-mini");
        viewModel.apiKeyProperty().set("sk-canary-6161");
        saveAndWait();
        AgentDefinition chen = viewModel.selectedProperty().get();

        // The editor's Duplicate, saved without typing a key: the store files keys by agent, so it is kept again.
        viewModel.duplicateSelected();
        saveAndWait();
        AgentDefinition copy = viewModel.selectedProperty().get();
        assertThat(copy.id()).isNotEqualTo(chen.id());
        assertThat(store.keys()).containsEntry(copy.id(), "sk-canary-6161").containsEntry(chen.id(), "sk-canary-6161");
        assertThat(catalog.find(copy.id()).orElseThrow().endpoint().keyInSecretStore()).isTrue();

        // The canvas's Duplicate goes through the same door; a key the store no longer holds is not claimed.
        AgentDefinition viaCanvas = directory.saveCopy(chen, new AgentDefinition(AgentId.generate(), "Chen 3",
                chen.persona(), chen.provider(), chen.model(), chen.avatarColor(), chen.endpoint()));
        assertThat(store.keys()).containsEntry(viaCanvas.id(), "sk-canary-6161");
        store.keys().remove(chen.id());
        AgentDefinition withoutKey = directory.saveCopy(chen, new AgentDefinition(AgentId.generate(), "Chen 4",
                chen.persona(), chen.provider(), chen.model(), chen.avatarColor(), chen.endpoint()));
        assertThat(withoutKey.endpoint().keyInSecretStore()).as("asks for its key where it is used").isFalse();
        assertThat(store.keys()).doesNotContainKey(withoutKey.id());
    }

    @Test
    void aKeyTypedInGoesToTheSecretStoreNeverToAFileAndCanBeForgotten() throws Exception {
        dev.workshop.gateway.InMemorySecretStore store = new dev.workshop.gateway.InMemorySecretStore();
        java.util.Map<AgentId, String> kept = store.keys();
        viewModel = new AgentsViewModel(new AgentDirectory(catalog, new EndpointCheck(Duration.ofSeconds(10),
                System::getenv), store), FxExecutor.direct(), Background.direct());
        AgentDefinition chen = viewModel.agents().get(2);
        viewModel.selectedProperty().set(chen);
        viewModel.fields().providerProperty().set(AgentDefinition.OPENAI_COMPATIBLE);
        viewModel.fields().baseUrlProperty().set("https://api.example.org/v1");
        viewModel.fields().modelProperty().set("gpt-4o-mini");
        viewModel.apiKeyProperty().set("sk-canary-4242");
        assertThat(viewModel.hasUnsavedChanges()).as("a key typed in is an edit").isTrue();

        saveAndWait();

        assertThat(kept).containsEntry(chen.id(), "sk-canary-4242");
        assertThat(catalog.find(chen.id()).orElseThrow().endpoint().keyInSecretStore()).isTrue();
        assertThat(Files.readString(dir.resolve("agents.json"))).doesNotContain("sk-canary-4242")
                .contains("\"api_key_in_secret_store\" : true");
        assertThat(viewModel.apiKeyProperty().get()).as("not held in the form once kept").isEmpty();
        assertThat(viewModel.keyStoredProperty().get()).isTrue();

        // Saved again without typing: the key stays where it is.
        viewModel.fields().personaProperty().set("A careful reviewer.");
        saveAndWait();
        assertThat(catalog.find(chen.id()).orElseThrow().endpoint().keyInSecretStore()).isTrue();

        viewModel.forgetStoredKey();
        assertThat(viewModel.busyProperty().get()).isFalse();
        assertThat(kept).doesNotContainKey(chen.id());
        assertThat(catalog.find(chen.id()).orElseThrow().endpoint().keyInSecretStore()).isFalse();

        // A save that put a key in the store, undone, takes the key out again.
        viewModel.apiKeyProperty().set("sk-canary-5353");
        saveAndWait();
        assertThat(kept).containsEntry(chen.id(), "sk-canary-5353");
        viewModel.undoSave();
        assertThat(viewModel.busyProperty().get()).isFalse();
        assertThat(kept).doesNotContainKey(chen.id());
        assertThat(catalog.find(chen.id()).orElseThrow().endpoint().keyInSecretStore()).isFalse();
        assertThat(viewModel.keyStoredProperty().get()).isFalse();
    }

    @Test
    void withoutASecretStoreATypedKeySavesNothingAndSaysWhy() {
        AgentDefinition chen = viewModel.agents().get(2);
        viewModel.selectedProperty().set(chen);
        viewModel.fields().nameProperty().set("Chen Li");
        viewModel.apiKeyProperty().set("sk-canary-4242");
        saveAndWait();
        assertThat(viewModel.messageProperty().get()).isEqualTo("No secret store is set up here: name an environment"
                + " variable instead. Nothing was saved.");
        assertThat(catalog.find(chen.id()).orElseThrow().name()).isEqualTo("Chen");
    }

    @Test
    void explainsWhatIsMissingAndSavesNothing() {
        viewModel.newAgent();
        viewModel.fields().nameProperty().set("Ann");
        viewModel.fields().providerProperty().set(AgentDefinition.OPENAI_COMPATIBLE);
        viewModel.save();
        assertThat(viewModel.messageProperty().get()).isEqualTo("An OpenAI-compatible agent needs a base URL and a model");

        viewModel.fields().baseUrlProperty().set("http://localhost:8080/v1");
        viewModel.fields().modelProperty().set("m");
        viewModel.fields().temperatureProperty().set("warm");
        viewModel.save();
        assertThat(viewModel.messageProperty().get()).isEqualTo("Temperature must be a number such as 0.7");

        viewModel.fields().temperatureProperty().set("");
        viewModel.fields().idleTimeoutProperty().set("soon");
        viewModel.save();
        assertThat(viewModel.messageProperty().get())
                .isEqualTo("The silence allowed mid-reply must be a whole number such as 30");

        viewModel.fields().idleTimeoutProperty().set("0");
        viewModel.save();
        assertThat(viewModel.messageProperty().get()).isEqualTo("The idle timeout must be 1 to 3600 seconds, was 0");

        viewModel.fields().idleTimeoutProperty().set("");
        viewModel.fields().nameProperty().set("ada");
        saveAndWait();
        assertThat(viewModel.messageProperty().get()).isEqualTo("An agent named \"ada\" already exists");
        assertThat(catalog.list()).hasSize(4);
    }

    @Test
    void removesTheSelectedAgent() {
        viewModel.selectedProperty().set(viewModel.agents().get(0));
        viewModel.removeSelected();
        assertThat(viewModel.busyProperty().get()).isFalse();
        assertThat(catalog.list()).extracting(AgentDefinition::name).containsExactly("Bruno", "Chen", "Dalia");
        assertThat(viewModel.agents()).hasSize(3);
        assertThat(viewModel.messageProperty().get()).isEqualTo("Removed Ada; its conversations keep its messages");
    }
}
