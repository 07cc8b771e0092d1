package dev.workshop.ui.agents;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.EndpointReport;
import dev.workshop.orchestration.AgentDirectory;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The agent form's "Test connection": a check of the endpoint in the background, and its report, which is about
 * the settings it checked and goes when they change ({@link #forget}). FX thread only, except the check itself.
 */
public final class EndpointCheck {
    private final AgentDirectory directory;
    private final FxExecutor fx;
    private final Background background;
    private final ReadOnlyObjectWrapper<EndpointReport> report = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper checking = new ReadOnlyBooleanWrapper();
    /** Counts the checks: a report that comes back after the settings changed (a newer ticket) is dropped. */
    private long ticket;

    EndpointCheck(AgentDirectory directory, FxExecutor fx, Background background) {
        this.directory = directory;
        this.fx = fx;
        this.background = background;
    }

    /** The settings changed: the last report no longer applies, and one on its way is dropped. */
    void forget() {
        ticket++;
        report.set(null);
        checking.set(false);
    }

    /** Checks the endpoint at {@code url} for {@code agent} (null for a new one), in the background. */
    void run(String url, String keyVariable, String typedKey, AgentId agent, boolean keyStored, String wantedModel) {
        forget();
        long mine = ticket;
        checking.set(true);
        background.run("workshop-test-connection", () -> {
            EndpointReport found;
            try {
                found = directory.checkEndpoint(url, keyVariable, typedKey, agent, keyStored, wantedModel);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                found = EndpointReport.problem("The check failed: " + e.getMessage());
            }
            EndpointReport said = found;
            fx.execute(() -> {
                if (mine == ticket) {
                    report.set(said);
                    checking.set(false);
                }
            });
        });
    }

    /** The last "Test connection" report for the settings in the form, or null. */
    public ReadOnlyObjectProperty<EndpointReport> connectionProperty() {
        return report.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty checkingProperty() {
        return checking.getReadOnlyProperty();
    }
}
