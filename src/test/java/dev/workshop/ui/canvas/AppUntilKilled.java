package dev.workshop.ui.canvas;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The app's engine and view-models (all but the pixels), run in a child JVM for {@link AppKillNineTest}: it
 * opens the data directory as the app does at launch, places three agents and starts a conversation when
 * the canvas is empty, and prints a line for each message it sees, until it is killed.
 */
public final class AppUntilKilled {
    private AppUntilKilled() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        FxThread fx = new FxThread();
        ShellViewModel shell = new ShellViewModel(dir, Wiring::openWorkspace, fx.executor(), new WorkspaceOptions(150));
        shell.open();
        while (shell.canvasProperty().get() == null) {
            Thread.sleep(10);
        }
        CanvasViewModel canvas = shell.canvasProperty().get();
        shell.workspace().orElseThrow().engine().subscribe(event -> {
            dev.workshop.orchestration.Heard.messages(event)
                    .forEach(message -> System.out.println("MESSAGE " + message.turnIndex()));
        });
        if (fx.call(() -> canvas.agents().isEmpty())) {
            fx.run(() -> {
                List<AgentNodeModel> agents = List.of(
                        canvas.edits().place(new AgentId("starter-ada"), new Point(100, 100)).orElseThrow(),
                        canvas.edits().place(new AgentId("starter-bruno"), new Point(300, 100)).orElseThrow(),
                        canvas.edits().place(new AgentId("starter-chen"), new Point(200, 260)).orElseThrow());
                canvas.conversations().start(agents, "Plan a picnic for twelve", AppKillNineTest.TURNS);
            });
            // The scene is saved shortly after the last change; say so once it is on disk.
            Path scene = dir.resolve("scene.json");
            while (!Files.exists(scene) || !Files.readString(scene).contains("starter-chen")) {
                Thread.sleep(5);
            }
        }
        System.out.println("READY " + fx.call(() -> canvas.agents().stream().map(agent -> agent.id().value()).sorted()
                .toList()));
        Thread.sleep(Long.MAX_VALUE);
    }
}
