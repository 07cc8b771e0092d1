package dev.workshop.ui.agents;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AgentNames;
import dev.workshop.orchestration.AgentDirectory;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The agent editor: the list of agents and a form for the selected (or a new) one. Saving and removing
 * write a file, so they run on a virtual thread; the list is refreshed through the {@link FxExecutor}.
 */
public final class AgentsViewModel {

    private final AgentDirectory directory;
    private final FxExecutor fx;
    private final Background background;
    private final ObservableList<AgentDefinition> agents = FXCollections.observableArrayList();
    private final ObjectProperty<AgentDefinition> selected = new SimpleObjectProperty<>();
    /** The avatar colour, {@code #rrggbb}: a new agent's is one no other agent has yet. */
    /** The form's fields, as the user types them. */
    private final AgentFields fields = new AgentFields();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final FormMessage message = new FormMessage();
    private final EndpointCheck check;
    /** The form as it was filled or last saved: anything else is an edit that leaving would lose. */
    private AgentFormValues unchanged;

    /** A key typed in the form, kept only until Save hands it to the secret store; never in the form's values. */
    private final StringProperty apiKey = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper keyStored = new ReadOnlyBooleanWrapper();
    /** The agent the form was copied from (Duplicate): its key in the secret store goes to the copy on Save. */
    private AgentDefinition copyOf;
    /** The agent as it was before its last save, for Undo; null when there is nothing to take back. */
    private AgentDefinition undoTo;
    private final ReadOnlyBooleanWrapper canUndoSave = new ReadOnlyBooleanWrapper();

    public AgentsViewModel(AgentDirectory directory, FxExecutor fx) {
        this(directory, fx, Background.virtualThreads());
    }

    /** @param background where the endpoint checks and the saves run, away from the FX thread */
    public AgentsViewModel(AgentDirectory directory, FxExecutor fx, Background background) {
        this.directory = directory;
        this.fx = fx;
        this.background = background;
        this.check = new EndpointCheck(directory, fx, background);
        agents.setAll(directory.list());
        fields.colour.set(directory.colourForANewAgent());
        selected.addListener((property, old, agent) -> {
            fill(agent);
            // Undo takes back the last save of the agent shown; another agent shown has none.
            if (old == null || agent == null || !old.id().equals(agent.id())) {
                forgetUndo();
            }
        });
        // A report is about the settings it checked: it goes when they change.
        for (StringProperty setting : fields.endpointSettings()) {
            setting.addListener((property, old, value) -> forgetConnection());
        }
        unchanged = formValues();
    }

    private void forgetConnection() {
        check.forget();
    }

    /**
     * Asks the server in the form's base URL for its models, in the background: the report says whether this
     * agent could use it (unreachable, key refused, no such model) and lists the models it offers.
     */
    public void testConnection() {
        AgentDefinition agent = selected.get();
        check.run(fields.baseUrl.get(), fields.apiKeyEnv.get(), apiKey.get(), agent == null ? null : agent.id(),
                keyStored.get(), fields.model.get());
    }

    /** The form's endpoint check: its last report, and whether one runs. */
    public EndpointCheck endpointCheck() {
        return check;
    }

    /** Puts the agent with this id in the form (the canvas's "Edit agent…"); an unknown id leaves it as it is. */
    public void select(AgentId id) {
        agents.stream().filter(agent -> agent.id().equals(id)).findFirst().ifPresent(selected::set);
    }

    /** Opens on the first agent when none was asked for, rather than on an empty form that reads as a new one. */
    public void selectFirstIfNone() {
        if (selected.get() == null && !agents.isEmpty()) {
            selected.set(agents.getFirst());
        }
    }

    /** What the form is about: "New agent", or the name the selected agent was saved under. */
    public String formTitle() {
        AgentDefinition agent = selected.get();
        return agent == null ? "New agent" : agent.name();
    }

    /**
     * Fills the form's endpoint from a preset: the OpenAI-compatible provider, its base URL and its usual key
     * variable. The name, persona and model stay as typed — except an offline agent's saved model, which only
     * names its style ("offline-planner") and no server has: it is cleared, to be picked from what Test
     * connection lists. Nothing is saved until Save.
     */
    public void applyPreset(EndpointPreset preset) {
        AgentDefinition editing = selected.get();
        boolean offlineStyle = AgentDefinition.OFFLINE.equals(fields.provider.get()) && editing != null
                && AgentDefinition.OFFLINE.equals(editing.provider()) && fields.model.get().equals(editing.model());
        fields.provider.set(AgentDefinition.OPENAI_COMPATIBLE);
        fields.baseUrl.set(preset.baseUrl());
        fields.apiKeyEnv.set(preset.apiKeyEnv());
        if (offlineStyle) {
            fields.model.set("");
        }
        StringBuilder said = new StringBuilder("Base URL set for ").append(preset.name());
        if (!preset.apiKeyEnv().isEmpty()) {
            said.append("; its key is read from ").append(preset.apiKeyEnv());
        }
        if (offlineStyle) {
            said.append("; Test connection lists its models to pick from");
        } else if (preset.apiKeyEnv().isEmpty()) {
            said.append("; Test connection lists its models");
        }
        message.tell(said.toString());
    }

    /**
     * Starts a new agent from the selected one: the same persona, provider and endpoint (a second agent on the
     * same server need not type them again), a name no agent has and a colour of its own. Nothing is saved
     * until Save.
     */
    public void duplicateSelected() {
        AgentDefinition original = selected.get();
        if (original == null) {
            return;
        }
        selected.set(null);
        fill(original);
        copyOf = original;
        fields.name.set(AgentNames.forCopyOf(original.name(), agents.stream().map(AgentDefinition::name).toList()));
        fields.colour.set(directory.colourForANewAgent());
        message.tell("A copy of " + original.name() + ": change what should differ, then Save");
    }

    /** Clears the form for a new agent. */
    public void newAgent() {
        selected.set(null);
        fill(null);
        message.tell("");
    }

    private void fill(AgentDefinition agent) {
        copyOf = null;
        apiKey.set("");
        keyStored.set(agent != null && agent.endpoint().keyInSecretStore());
        fields.show(agent, directory.colourForANewAgent());
        // A hand-edited agents.json may name a provider this version does not have: say so rather than let
        // the form pass it off as offline.
        if (agent != null && !AgentDefinition.PROVIDERS.contains(agent.provider())) {
            message.complain(agent.name() + "'s provider \"" + agent.provider() + "\" is not one Workshop knows:"
                    + " choose one and save");
        } else {
            message.tell("");
        }
        unchanged = formValues();
    }

    private AgentFormValues formValues() {
        return fields.values();
    }

    /** True when the form holds edits not saved yet (a new agent's or a copy's included), a key typed in too. */
    public boolean hasUnsavedChanges() {
        return !formValues().equals(unchanged) || !apiKey.get().isBlank();
    }

    /**
     * Takes the agent's key out of the desktop's secret store (and the agent then has none there); in the
     * background, as the store may ask to be unlocked.
     */
    public void forgetStoredKey() {
        AgentDefinition agent = selected.get();
        if (agent == null || !keyStored.get()) {
            return;
        }
        busy.set(true);
        background.run("workshop-forget-key", () -> {
            try {
                AgentDefinition saved = directory.forgetKey(agent);
                List<AgentDefinition> all = directory.list();
                fx.execute(() -> {
                    showWritten(saved, all);
                    message.tell("The key of " + saved.name() + " was taken out of the secret store");
                    busy.set(false);
                });
            } catch (AgentDirectory.KeyNotKept | RuntimeException e) {
                fx.execute(() -> {
                    message.complain(e.getMessage());
                    busy.set(false);
                });
            }
        });
    }

    /** The API key typed in: on Save it goes to the desktop's secret store, never to a file of Workshop's. */
    public StringProperty apiKeyProperty() {
        return apiKey;
    }

    /** Whether the agent shown has its key kept in the secret store. */
    public ReadOnlyBooleanProperty keyStoredProperty() {
        return keyStored.getReadOnlyProperty();
    }

    /** What the form is about, for a question about its unsaved edits: "the changes to Ada", "the new agent". */
    public String unsavedWhat() {
        AgentDefinition agent = selected.get();
        return agent == null ? "the new agent" + (fields.name.get().isBlank() ? "" : " " + fields.name.get().strip())
                : "the changes to " + agent.name();
    }

    /** Checks the form and saves it in the background; a problem is shown in {@link #messageProperty()}. */
    public void save() {
        save(() -> { });
    }

    /** As {@link #save()}, then runs {@code then} on the FX thread if the agent was saved. */
    public void save(Runnable then) {
        Optional<AgentDefinition> agent = formAgent();
        if (agent.isEmpty()) {
            return;
        }
        AgentDefinition before = selected.get();
        String typedKey = apiKey.get();
        AgentDefinition copied = before == null && typedKey.isBlank() ? copyOf : null;
        busy.set(true);
        background.run("workshop-save-agent", () -> {
            try {
                AgentDefinition saved;
                try {
                    saved = copied != null ? directory.saveCopy(copied, agent.get())
                            : directory.save(agent.get(), typedKey);
                } catch (AgentDirectory.KeyNotKept e) {
                    fx.execute(() -> {
                        String why = e.getMessage().endsWith(".") ? e.getMessage() : e.getMessage() + ".";
                        message.complain(why + " Nothing was saved.");
                        busy.set(false);
                    });
                    return;
                }
                List<AgentDefinition> all = directory.list();
                fx.execute(() -> {
                    showWritten(saved, all);
                    boolean renamed = before != null && !before.name().equals(saved.name());
                    message.tell("Saved " + saved.name() + (renamed ? " (was " + before.name() + ")" : ""));
                    if (before != null && !before.equals(saved)) {
                        undoTo = before;
                        canUndoSave.set(true);
                    }
                    busy.set(false);
                    then.run();
                });
            } catch (RuntimeException e) {
                fx.execute(() -> {
                    message.complain(e.getMessage());
                    busy.set(false);
                });
            }
        });
    }

    /**
     * Takes the last save of the agent shown back (a rename, a new persona or model): its settings before that
     * save are saved again, and the canvas and the start dialog follow, as they follow any save.
     */
    public void undoSave() {
        AgentDefinition previous = undoTo;
        if (previous == null) {
            return;
        }
        AgentDefinition now = selected.get();
        String nameNow = now == null ? previous.name() : now.name();
        // A key that save put in the secret store goes with it: the agent had none there before.
        boolean keyToTakeOut = now != null && now.endpoint().keyInSecretStore()
                && !previous.endpoint().keyInSecretStore();
        busy.set(true);
        background.run("workshop-undo-agent", () -> {
            try {
                if (keyToTakeOut) {
                    directory.forgetKey(now);
                }
                AgentDefinition restored = directory.save(previous);
                List<AgentDefinition> all = directory.list();
                fx.execute(() -> {
                    showWritten(restored, all);
                    forgetUndo();
                    message.tell(nameNow.equals(restored.name()) ? "Undone: " + restored.name()
                            + "'s earlier settings are back" : "Undone: " + nameNow + " is " + restored.name() + " again");
                    busy.set(false);
                });
            } catch (AgentDirectory.KeyNotKept | RuntimeException e) {
                fx.execute(() -> {
                    message.complain("Could not undo: " + e.getMessage());
                    busy.set(false);
                });
            }
        });
    }

    /**
     * After {@code agent} was written in the background: the list as it now is, the agent shown in the form (filled
     * again even when the selection stays the same record), and the form counted as saved.
     */
    private void showWritten(AgentDefinition agent, List<AgentDefinition> all) {
        agents.setAll(all);
        selected.set(agent);
        fill(agent);
        unchanged = formValues();
    }

    /** Whether {@link #undoSave()} has a save to take back. */
    public ReadOnlyBooleanProperty canUndoSaveProperty() {
        return canUndoSave.getReadOnlyProperty();
    }

    private void forgetUndo() {
        undoTo = null;
        canUndoSave.set(false);
    }

    public void removeSelected() {
        AgentDefinition agent = selected.get();
        if (agent == null) {
            return;
        }
        busy.set(true);
        background.run("workshop-remove-agent", () -> {
            directory.remove(agent.id());
            List<AgentDefinition> all = directory.list();
            fx.execute(() -> {
                agents.setAll(all);
                newAgent();
                message.tell("Removed " + agent.name() + "; its conversations keep its messages");
                busy.set(false);
            });
        });
    }

    private Optional<AgentDefinition> formAgent() {
        try {
            AgentDefinition current = selected.get();
            AgentDefinition agent = formValues().toDefinition(current == null ? AgentId.generate() : current.id());
            // A key kept in the secret store stays there until it is replaced or forgotten.
            return Optional.of(agent.withEndpoint(agent.endpoint().withKeyInSecretStore(keyStored.get()
                    && agent.provider().equals(AgentDefinition.OPENAI_COMPATIBLE))));
        } catch (IllegalArgumentException e) {
            message.complain(e.getMessage());
            return Optional.empty();
        }
    }

    public ObservableList<AgentDefinition> agents() {
        return FXCollections.unmodifiableObservableList(agents);
    }

    /** The form's fields: name, colour, persona, provider, model and endpoint settings. */
    public AgentFields fields() {
        return fields;
    }

    public ObjectProperty<AgentDefinition> selectedProperty() {
        return selected;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.textProperty();
    }

    public javafx.beans.property.ReadOnlyBooleanProperty messageIsProblemProperty() {
        return message.problemProperty();
    }
}
