package dev.workshop;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.settings.Preferences;
import dev.workshop.domain.retention.RetentionPolicy;
import dev.workshop.gateway.AgentGateway;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.gateway.offline.OfflineGateway;
import dev.workshop.gateway.SecretStore;
import dev.workshop.gateway.openai.EndpointCheck;
import dev.workshop.gateway.secrets.SecretTool;
import dev.workshop.gateway.openai.HttpPolicy;
import dev.workshop.gateway.openai.OpenAiCompatibleGateway;
import dev.workshop.orchestration.DataDirectoryWatch;
import dev.workshop.orchestration.Drafts;
import dev.workshop.orchestration.Erasure;
import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.store.ErasedKeptOut;
import dev.workshop.store.file.JsonlTombstones;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.PreferencesKeeper;
import dev.workshop.orchestration.SceneKeeper;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOpener;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.session.SnapshotFolder;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.DraftStore;
import dev.workshop.store.MessageCopies;
import dev.workshop.store.PreferenceStore;
import dev.workshop.store.SceneStore;
import dev.workshop.store.StoreException;
import dev.workshop.store.file.JsonAgentCatalog;
import dev.workshop.store.file.JsonDrafts;
import dev.workshop.store.file.JsonPreferences;
import dev.workshop.store.file.JsonSceneStore;
import dev.workshop.store.file.JsonToolSettings;
import dev.workshop.store.file.JsonlAuditTrail;
import dev.workshop.gateway.mcp.McpToolServers;
import dev.workshop.gateway.mcp.SecretReferences;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.jdbc.JournaledConversationStore;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
import dev.workshop.store.jdbc.ReadOnlyJournalStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The composition root: the one place that picks implementations and hands them to constructors. */
public final class Wiring {
    private Wiring() {
    }

    /**
     * Locks the data directory, opens its stores (H2 behind the durable journal, the desktop default) and
     * marks what was running when Workshop last stopped as interrupted, ready to be resumed.
     */
    public static Workspace openWorkspace(Path dataDirectory, WorkspaceOptions options) {
        DataDirectory directory = DataDirectory.lock(dataDirectory);
        ConversationStore store = null;
        try {
            List<String> erasing = new ArrayList<>();
            JsonlTombstones tombstones = new JsonlTombstones(directory.path());
            JsonlAuditTrail audit = new JsonlAuditTrail(directory.path());
            String member = System.getProperty("user.name", "you");
            Erasure erasure = ErasureWiring.of(directory, tombstones, audit, device(), member, erasing::add, List.of());
            // Before any store of this directory opens: an erase asked for (or cut short) before this start is
            // finished first. On a team server, once it is open: the erase goes on there too.
            Optional<ErasureReceipt> erased = options.teamServer().isPresent() ? Optional.empty()
                    : ErasureWiring.finishPending(erasure, erasing::add);
            // Team mode: the team server holds the conversations; layout, drafts and logs stay on this device.
            store = options.teamServer().isPresent() ? PostgresConversationStore.open(options.teamServer().get())
                    : JournaledConversationStore.open(directory, snapshotCopies(new SnapshotFolder(directory.path())));
            if (store instanceof PostgresConversationStore teamServer) {
                erasure = ErasureWiring.of(directory, tombstones, audit, device(), member, erasing::add,
                        List.of(teamServer.erasure(options.team())));
                erased = ErasureWiring.finishPending(erasure, erasing::add);
            }
            List<String> warnings = new ArrayList<>(store.openingWarnings());
            warnings.addAll(erasing);
            AgentCatalog agents = JsonAgentCatalog.open(directory.path(), warnings::add);
            if (store instanceof PostgresConversationStore teamServer) {
                // The team's agents are shared on the server; this device's own start a team that has none.
                agents = teamServer.agents(options.team(), agents.list());
            }
            PreferenceStore preferenceStore = new JsonPreferences(directory.path());
            Preferences preferences = options.followsPreferences() ? preferenceStore.load(warnings::add)
                    : Preferences.DEFAULTS;
            WorkspaceOptions effective = options.followsPreferences() ? options.with(preferences) : options;
            OfflineGateway offline = new OfflineGateway(effective.offlineDelayMillis());
            ConversationStore keptOut = new ErasedKeptOut(store, tombstones);
            ConversationEngine bridge = new ConversationEngine(keptOut, effective.team(), agents, gateways(offline),
                    effective.loops(), Optional.of(new SnapshotFolder(directory.path())));
            if (options.teamServer().isEmpty()) {
                // On a team server another instance may be driving them: only this device's own are stopped ones.
                bridge.markRunningAsInterrupted();
            }
            SceneKeeper scene = new SceneKeeper(new JsonSceneStore(directory.path(), warnings::add),
                    Duration.ofMillis(300));
            Drafts drafts = new Drafts(new JsonDrafts(directory.path(), warnings::add), Duration.ofMillis(500));
            ConversationStore opened = store;
            DataDirectoryWatch watch = new DataDirectoryWatch(directory::whyGone, reason -> {
                if (opened instanceof JournaledConversationStore journaled) {
                    journaled.refuseWrites(reason);
                }
            }, Duration.ofSeconds(2));
            bridge.calls().toolbox().use(new McpToolServers(new SecretReferences(SECRETS, System::getenv)),
                    new JsonToolSettings(directory.path(), warnings::add));
            bridge.calls().toolbox().keepSecretsIn(SECRETS);
            PreferencesKeeper keeper = PreferencesKeeper.of(preferenceStore, preferences, bridge,
                    offline::setDelayMillis, options.followsPreferences());
            Workspace workspace = new Workspace(directory, keptOut, agents, bridge, scene, drafts, watch, keeper,
                    options.team(), warnings, endpointCheck(), SECRETS).keepAudit(store instanceof PostgresConversationStore
                    teamServer ? teamServer.auditTrail(options.team()) : audit, device(), member)
                    .keepErasure(erasure, erased);
            if (options.followsPreferences()) {
                // The app (not a command, whose run is its own): the policy applied daily, from the settings.
                boolean team = options.teamServer().isPresent();
                workspace.applyRetentionDaily(() -> team ? RetentionPolicy.TEAM : keeper.current().retention());
            }
            return workspace;
        } catch (RuntimeException e) {
            if (store != null) {
                store.close();
            }
            directory.close();
            throw e;
        }
    }

    /**
     * Opens a data directory that cannot be written ({@code why}: a full disk, a read-only mount) only to read
     * it: the conversations from the journal, the agents from their file, nothing repaired, created or moved,
     * nothing resumed; every change is refused with {@code why}.
     */
    public static Workspace openReadOnly(Path dataDirectory, TenantId team, String why) {
        DataDirectory directory = DataDirectory.readOnly(dataDirectory);
        ReadOnlyJournalStore store = null;
        try {
            store = ReadOnlyJournalStore.open(directory.journalDirectory(), why);
            List<String> warnings = new ArrayList<>(store.openingWarnings());
            AgentCatalog agents = JsonAgentCatalog.readOnly(directory.path(), warnings::add);
            ConversationStore keptOut = new ErasedKeptOut(store, ErasureWiring.readTombstones(directory.path(),
                    warnings::add));
            ConversationEngine bridge = new ConversationEngine(keptOut, team, agents, gateways(new OfflineGateway(0)),
                    LoopSettings.DEFAULTS);
            JsonSceneStore savedScene = new JsonSceneStore(directory.path(), warnings::add);
            SceneKeeper scene = new SceneKeeper(new SceneStore() {
                @Override
                public CanvasScene load() {
                    return savedScene.loadWithoutRepair();
                }

                @Override
                public void save(CanvasScene changed) {
                    throw new StoreException("The canvas is not saved while the data can only be read (" + why + ")");
                }
            }, Duration.ofMillis(300));
            Drafts drafts = new Drafts(new DraftStore() {
                @Override
                public Map<ConversationId, String> load() {
                    return Map.of();
                }

                @Override
                public void save(Map<ConversationId, String> changed) {
                    throw new StoreException("Drafts are not saved while the data can only be read (" + why + ")");
                }
            }, Duration.ofMillis(500));
            DataDirectoryWatch watch = new DataDirectoryWatch(directory::whyGone, reason -> { }, Duration.ofSeconds(2));
            PreferencesKeeper keeper = PreferencesKeeper.of(new JsonPreferences(directory.path()), Preferences.DEFAULTS,
                    bridge, pace -> { }, false);
            return new Workspace(directory, keptOut, agents, bridge, scene, drafts, watch, keeper, team, warnings,
                    endpointCheck(), SECRETS).readOnly(why);
        } catch (RuntimeException e) {
            if (store != null) {
                store.close();
            }
            directory.close();
            throw e;
        }
    }

    /**
     * {@code writing} (how this process opens a workspace), offering {@link #openReadOnly} as well, for the
     * command line and the app to fall back on where the data cannot be written.
     */
    public static WorkspaceOpener opener(WorkspaceOpener writing) {
        return new WorkspaceOpener() {
            @Override
            public Workspace open(Path dataDirectory, WorkspaceOptions options) {
                return writing.open(dataDirectory, options);
            }

            @Override
            public Optional<Workspace> openReadOnly(Path dataDirectory, TenantId team, String why) {
                return Optional.of(Wiring.openReadOnly(dataDirectory, team, why));
            }
        };
    }

    /** Settings → Team server for the app on {@code dataDirectory}: the check, and the choice kept there. */
    public static dev.workshop.orchestration.TeamServerSettings teamServerSettings(Path dataDirectory) {
        dev.workshop.store.file.JsonTeamServerChoice file = new dev.workshop.store.file.JsonTeamServerChoice(dataDirectory);
        return new dev.workshop.orchestration.TeamServerSettings() {
            @Override
            public Check test(String url, TenantId team) {
                dev.workshop.store.jdbc.team.TeamServerCheck.Report report =
                        dev.workshop.store.jdbc.team.TeamServerCheck.check(url, team);
                return new Check(report.usable(), report.sentence());
            }

            @Override
            public Optional<String> whyNotKept(dev.workshop.domain.settings.TeamServerChoice choice) {
                return choice.url().filter(dev.workshop.store.jdbc.team.TeamServerCheck::namesPassword)
                        .map(url -> "Take the password out of the address: put it in PGPASSWORD or a .pgpass file."
                                + " Workshop does not keep passwords.");
            }

            @Override
            public void save(dev.workshop.domain.settings.TeamServerChoice choice) {
                whyNotKept(choice).ifPresent(why -> {
                    throw new IllegalArgumentException(why);
                });
                file.save(choice);
            }
        };
    }

    public static Workspace openWorkspace(Path dataDirectory) {
        return openWorkspace(dataDirectory, WorkspaceOptions.DEFAULTS);
    }

    /**
     * The messages each conversation's snapshot holds, by turn index: the third copy, after the journal and the
     * tables, for the store's recovery. A snapshot that cannot be read holds none.
     */
    static MessageCopies snapshotCopies(SnapshotFolder folder) {
        return (tenant, conversation) -> {
            try {
                Map<Integer, ConversationEvent.MessageRecorded> messages = new HashMap<>();
                folder.load(tenant, conversation).ifPresent(snapshot -> snapshot.toEvents().stream()
                        .filter(ConversationEvent.MessageRecorded.class::isInstance)
                        .map(ConversationEvent.MessageRecorded.class::cast)
                        .forEach(message -> messages.put(message.turnIndex(), message)));
                return messages;
            } catch (RuntimeException unreadable) {
                return Map.of();
            }
        };
    }

    /** This device as the audit trail names it: its host name. */
    private static String device() {
        String host = System.getenv("HOSTNAME");
        if (host == null || host.isBlank()) {
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.io.IOException unknown) {
                host = "this device";
            }
        }
        return host;
    }

    /** The desktop's secret store, where a key typed in the agent editor is kept (asked only when one is used). */
    private static final SecretStore SECRETS = new SecretTool();

    private static GatewayResolver gateways(AgentGateway offline) {
        AgentGateway http = new OpenAiCompatibleGateway(HttpPolicy.DEFAULTS, System::getenv, SECRETS);
        return (AgentDefinition agent) -> switch (agent.provider()) {
            case AgentDefinition.OFFLINE -> offline;
            case AgentDefinition.OPENAI_COMPATIBLE -> http;
            default -> throw new GatewayException("Agent " + agent.name() + " uses the provider \"" + agent.provider()
                    + "\", which this Workshop does not know", false);
        };
    }

    /**
     * The agent editor's "Test connection", against the variables of this process: long enough for a server on
     * another continent, short enough that a wrong address answers soon.
     */
    private static EndpointCheck endpointCheck() {
        return new EndpointCheck(java.time.Duration.ofSeconds(10), System::getenv);
    }
}
