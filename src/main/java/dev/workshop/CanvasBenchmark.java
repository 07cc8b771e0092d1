package dev.workshop;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.Point;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.canvas.AgentNodeModel;
import dev.workshop.ui.canvas.CanvasView;
import dev.workshop.ui.canvas.CanvasViewModel;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Measures the canvas: N agents wandering, a sixth of them in live offline conversations (bubbles, thinking
 * dots, conversation links), a third tied by labelled ropes, all in view. Reports frames per second and
 * frame-time percentiles taken from the pulses (with software rendering a pulse waits for the paint).
 * Run it as docs/perf.md says: under Xvfb, with {@code -Dprism.order=sw}. {@code --prepare DIR} instead fills
 * a data directory with 100 agents and 20 interrupted conversations, for timing the app's cold start with
 * {@code -Dworkshop.coldStartProbe=true}.
 */
final class CanvasBenchmark {
    private static final double SECONDS_WARM_UP = 3;
    private static final double SECONDS_MEASURED = 10;
    /** One wheel step a frame, 45 of them each way: from 100 % to about 15 % and back. */
    private static final double ZOOM_FACTOR = 0.96;
    private static final int ZOOM_STEPS = 45;
    /** Panning: 12 px a frame, 60 frames a side of a square (720 px), then the next side. */
    private static final double PAN_STEP = 12;
    private static final int PAN_STEPS = 60;
    private static final double WIDTH = 1280;
    private static final double HEIGHT = 800;

    /** How a frame moves the view: the canvas's camera, or the floor's. */
    interface CameraMoves {
        void pan(double dx, double dy);

        void zoomAt(double factor, double screenX, double screenY);
    }

    /** Frame {@code frame}'s move in {@code view}: the same for the canvas and its floor. */
    private static void move(String view, int frame, CameraMoves moves) {
        if (view.equals("zooming")) {
            double factor = (frame / ZOOM_STEPS) % 2 == 0 ? ZOOM_FACTOR : 1 / ZOOM_FACTOR;
            moves.zoomAt(factor, WIDTH / 2, HEIGHT / 2);
        } else {
            int side = (frame / PAN_STEPS) % 4;
            moves.pan(side == 0 ? PAN_STEP : side == 2 ? -PAN_STEP : 0, side == 1 ? PAN_STEP : side == 3 ? -PAN_STEP : 0);
        }
    }

    /** Frame intervals summed up. */
    private record Stats(int frames, double fps, double p50, double p95, double p99, double max) {
        static Stats of(List<Double> frames) {
            List<Double> sorted = frames.stream().sorted().toList();
            double total = frames.stream().mapToDouble(Double::doubleValue).sum();
            return new Stats(frames.size(), frames.size() / (total / 1000), percentile(sorted, 0.50),
                    percentile(sorted, 0.95), percentile(sorted, 0.99), sorted.isEmpty() ? 0 : sorted.getLast());
        }
    }

    private CanvasBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Platform.setImplicitExit(false);
        javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
        if (args.length >= 2 && args[0].equals("--prepare")) {
            prepare(Path.of(args[1]), 100, 20);
        } else {
            int[] sizes = args.length == 0 ? new int[] {100, 300, 600} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
            for (int size : sizes) {
                System.out.println(run(size));
            }
        }
        Platform.exit();
        System.exit(0);
    }

    private static String run(int agents) throws Exception {
        Path dir = Files.createTempDirectory("workshop-canvas-bench");
        try {
            return run(agents, dir);
        } finally {
            // Each run's data directory holds a preallocated journal segment (17 MB).
            dev.workshop.cli.bench.BenchOutput.deleteRecursively(dir);
        }
    }

    private static String run(int agents, Path dir) throws Exception {
        WorkspaceOptions options = new WorkspaceOptions(1500, LoopSettings.DEFAULTS.withConcurrencyLimit(1000));
        try (Workspace workspace = Wiring.openWorkspace(dir, options)) {
            CanvasViewModel canvas = new CanvasViewModel(workspace, FxExecutor.platform());
            canvas.connect();
            Stage stage = onFx(() -> {
                canvas.load(workspace.scene().initialScene());
                populate(canvas, agents);
                Stage window = new Stage();
                window.setTitle("Workshop canvas benchmark · " + agents + " agents");
                window.setScene(new Scene(new CanvasView(canvas), WIDTH, HEIGHT));
                window.show();
                return window;
            });
            // First everything in view (fit all: far out, so the level of detail drops), then 100 % in the
            // middle of the crowd (names, states and bubbles readable, the rest culled).
            StringBuilder lines = new StringBuilder();
            for (String view : List.of("fit-all", "100%", "zooming", "panning")) {
                Camera start = onFx(() -> {
                    canvas.fitAll(WIDTH, HEIGHT);
                    if (!view.equals("fit-all")) {
                        canvas.camera().resetZoom(WIDTH, HEIGHT);
                    }
                    return canvas.cameraProperty().get();
                });
                // Zooming: as a reader holding the wheel, out from 100 % to far beyond the level-of-detail step
                // and back in, over and over, a step each frame; measured from the first step (the first zoom-out
                // is where the agents' far looks are first drawn). Panning: a drag around a square at 100 %.
                CameraMoves moves = new CameraMoves() {
                    @Override
                    public void pan(double dx, double dy) {
                        canvas.camera().pan(dx, dy);
                    }

                    @Override
                    public void zoomAt(double factor, double screenX, double screenY) {
                        canvas.camera().zoomAt(factor, screenX, screenY);
                    }
                };
                boolean moving = view.equals("zooming") || view.equals("panning");
                List<Double> frames = moving ? measure(0, frame -> move(view, frame, moves))
                        : measure(SECONDS_WARM_UP, frame -> { });
                long conversing = onFx(() -> canvas.agents().stream().filter(agent -> agent.state().inConversation()).count());
                double zoom = canvas.cameraProperty().get().zoom();
                Stats measured = Stats.of(frames);
                lines.append(lines.isEmpty() ? "" : "\n").append(report(agents, view, measured, conversing, zoom, null));
                if (moving) {
                    // The floor in the same run: plain circles where the agents stand, moved the same way.
                    List<Point> positions = onFx(() -> canvas.agents().stream().map(AgentNodeModel::position).toList());
                    CanvasFloor floor = onFx(() -> new CanvasFloor(positions, start, WIDTH, HEIGHT));
                    Stats bare = Stats.of(measure(0, frame -> move(view, frame, floor)));
                    onFx(() -> {
                        floor.close();
                        return null;
                    });
                    lines.append("\n").append(report(agents, view + "-floor", bare, 0, zoom, measured.fps() / bare.fps()));
                }
            }
            onFx(() -> {
                stage.close();
                return null;
            });
            return lines.toString();
        }
    }

    /** Agents on a grid, most wandering, some patrolling; ropes between neighbours; pairs in conversations. */
    private static void populate(CanvasViewModel canvas, int count) {
        List<AgentDefinition> kinds = List.copyOf(canvas.palette());
        int columns = (int) Math.ceil(Math.sqrt(count * 1.6));
        List<AgentNodeModel> placed = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Point at = new Point((i % columns) * 150, (i / columns) * 150);
            placed.add(canvas.edits().place(kinds.get(i % kinds.size()).id(), at).orElseThrow());
        }
        canvas.selecting().clearSelection();
        for (int i = 0; i < count; i++) {
            canvas.edits().setBehaviour(List.of(placed.get(i)), i % 5 == 0 ? Behaviour.PATROL : Behaviour.WANDER);
            if (i % 3 == 0 && i + 1 < count) {
                canvas.edits().link(placed.get(i).id(), placed.get(i + 1).id(), "works with");
            }
        }
        for (int i = 0; i + 1 < count; i += 6) {
            AgentNodeModel a = placed.get(i);
            AgentNodeModel b = placed.get(i + 1);
            if (!a.agentId().equals(b.agentId())) {
                canvas.conversations().start(List.of(a, b), "Benchmark chat " + i, 1000);
            }
        }
    }

    /**
     * The intervals between pulses for {@link #SECONDS_MEASURED} after {@code warmUp} seconds; {@code eachFrame}
     * is given the number of each pulse measured, to change the view before it is drawn.
     */
    private static List<Double> measure(double warmUp, java.util.function.IntConsumer eachFrame) throws Exception {
        CompletableFuture<List<Double>> done = new CompletableFuture<>();
        FxExecutor.platform().execute(() -> new AnimationTimer() {
            private final List<Double> intervals = new ArrayList<>();
            private long first;
            private long previous;
            private int frame;

            @Override
            public void handle(long now) {
                if (first == 0) {
                    first = now;
                }
                double elapsed = (now - first) / 1e9;
                if (elapsed > warmUp && previous != 0) {
                    intervals.add((now - previous) / 1e6);
                }
                if (elapsed >= warmUp) {
                    eachFrame.accept(frame++);
                }
                previous = now;
                if (elapsed > warmUp + SECONDS_MEASURED) {
                    stop();
                    done.complete(intervals);
                }
            }
        }.start());
        return done.get(120, TimeUnit.SECONDS);
    }

    private static String report(int agents, String view, Stats stats, long conversing, double zoom, Double ofFloor) {
        return String.format(Locale.ROOT, "{\"bench\":\"canvas\",\"agents\":%d,\"view\":\"%s\",\"conversing\":%d,\"zoom\":%.2f,"
                        + "\"frames\":%d,\"fps\":%.1f,\"frame_ms_p50\":%.1f,\"frame_ms_p95\":%.1f,\"frame_ms_p99\":%.1f,"
                        + "\"frame_ms_max\":%.1f,%s\"prism_order\":\"%s\"}",
                agents, view, conversing, zoom, stats.frames(), stats.fps(), stats.p50(), stats.p95(), stats.p99(),
                stats.max(), ofFloor == null ? "" : String.format(Locale.ROOT, "\"canvas_of_floor\":%.2f,", ofFloor),
                System.getProperty("prism.order", "default"));
    }

    private static double percentile(List<Double> sorted, double p) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }

    /** A data directory with {@code agents} placed and {@code interrupted} conversations waiting to resume. */
    private static void prepare(Path dir, int agents, int interrupted) throws Exception {
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(60_000,
                LoopSettings.DEFAULTS.withConcurrencyLimit(1000)))) {
            CanvasViewModel canvas = new CanvasViewModel(workspace, FxExecutor.platform());
            onFx(() -> {
                canvas.load(workspace.scene().initialScene());
                populate(canvas, agents);
                return null;
            });
            // populate() started a conversation for every sixth agent; top them up to the number asked for.
            while (workspace.engine().runningCount() < Math.min(interrupted, (agents + 5) / 6)) {
                Thread.sleep(10);
            }
            List<AgentDefinition> kinds = workspace.agentDirectory().list();
            for (int i = workspace.engine().runningCount(); i < interrupted; i++) {
                workspace.engine().startConversation(List.of(kinds.get(0).id(), kinds.get(1).id()), "Prepared " + i,
                        OptionalInt.of(50));
            }
        }
        System.out.println("{\"prepared\":\"" + dir + "\",\"agents\":" + agents + "}");
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        FxExecutor.platform().execute(() -> {
            try {
                result.complete(work.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(60, TimeUnit.SECONDS);
    }
}
