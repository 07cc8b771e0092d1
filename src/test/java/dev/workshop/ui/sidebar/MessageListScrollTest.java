package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellView;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.geometry.Point2D;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/UX.md item 22 ("1,000+ messages scroll smoothly"; a ListView is said to jump with rows of different
 * heights): a thousand Markdown messages of very different heights, scrolled a wheel step at a time down, up
 * from the end and up from the middle. Each step must move the content by exactly the step, never by a
 * different amount (a jump). With {@code -Dworkshop.scrollFigures=true} it also prints how long each step
 * took the FX thread (docs/perf.md); times are not asserted here.
 */
@ExtendWith(ApplicationExtension.class)
class MessageListScrollTest {
    private static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    private static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");
    private static final int MESSAGES = 1000;
    private static final double WHEEL_STEP = 90;
    private ShellViewModel shell;
    private ShellView view;

    @Start
    void start(Stage stage) throws Exception {
        Path dir = dev.workshop.testing.ScratchDirs.create("workshop-scroll");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            List<ConversationEvent> events = new ArrayList<>();
            events.add(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), "Long", MESSAGES));
            for (int turn = 0; turn < MESSAGES; turn++) {
                Participant speaker = turn % 2 == 0 ? ADA : BRUNO;
                events.add(new MessageRecorded(turn, speaker.agentId(), speaker.name(), message(turn)));
            }
            events.add(new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
            workspace.store().append(workspace.tenant(), ConversationId.random(), 0, events);
        }
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), new WorkspaceOptions(2000));
        view = ShellOnStage.show(stage, shell, 1200, 760);
    }

    /** The screen centre of the first conversation row shown in this test's window; null while there is none. */
    private Point2D rowCentre(FxRobot robot) {
        return robot.from(view).lookup(".row-title").queryAll().stream()
                .filter(node -> node.getScene() != null && node.isVisible())
                .map(node -> node.localToScreen(node.getBoundsInLocal()))
                .filter(bounds -> bounds != null && bounds.getWidth() > 0)
                .map(bounds -> new Point2D(bounds.getCenterX(), bounds.getCenterY()))
                .findFirst().orElse(null);
    }

    /** One to twelve lines of prose, some with a list or a code block: rows from ~50 to ~300 px high. */
    private static String message(int turn) {
        StringBuilder text = new StringBuilder("Turn " + turn + ". ");
        text.append("Some words to wrap across the width of the sidebar. ".repeat(1 + (turn * 13) % 12));
        switch ((turn * 7) % 5) {
            case 1 -> text.append("\n\n- one\n- two\n- three\n");
            case 3 -> text.append("\n\n```\ncode line\nanother line\n```\n");
            default -> { }
        }
        return text.toString();
    }

    @AfterEach
    void close() {
        shell.close();
    }

    @Test
    void aThousandMessagesOfDifferentHeightsScrollByExactlyTheWheelStepEitherWay(FxRobot robot) throws Exception {
        // Looked up in this test's own window (a window left by another test class in the same JVM can hold rows
        // too), and clicked where it is on the screen, found on the FX thread: the sidebar may rebuild its rows
        // between a lookup and a click, and a row it dropped has no scene left to click in (this failed twice).
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> rowCentre(robot)).get() != null);
        robot.clickOn(WaitForAsyncUtils.asyncFx(() -> rowCentre(robot)).get());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> robot.from(view).lookup("#message-list").queryListView().getItems().size() == MESSAGES);
        ListView<MessageItem> list = robot.from(view).lookup("#message-list").queryListView();
        VirtualFlow<?> flow = (VirtualFlow<?>) list.lookup(".virtual-flow");
        // The list follows the newest message once it has loaded; let it, then start from the top.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> flow.getLastVisibleCell() != null
                && flow.getLastVisibleCell().getIndex() == MESSAGES - 1);
        // A click in the list, as a reader's: once the list is being read, it is no longer taken back to the end
        // when the rows it showed are measured (before, that second move could land between the steps below and
        // make one of them miss by most of a step).
        robot.clickOn(list);

        robot.interact(() -> list.scrollTo(0));
        Steps down = onFx(robot, () -> scroll(list, flow, WHEEL_STEP));
        robot.interact(() -> list.scrollTo(MESSAGES - 1));
        Steps up = onFx(robot, () -> scroll(list, flow, -WHEEL_STEP));
        robot.interact(() -> flow.setPosition(0.5));
        Steps fromMiddle = onFx(robot, () -> scroll(list, flow, -WHEEL_STEP));

        for (Steps steps : List.of(down, up, fromMiddle)) {
            assertThat(steps.checked()).as("steps where a row could be followed").isGreaterThan(steps.count() / 2);
            assertThat(steps.worstMiss()).as("how far a row landed from where the step should have put it")
                    .isLessThanOrEqualTo(1.0);
        }
        assertThat(down.lastIndex()).as("the steps went a good way down").isGreaterThan(50);
        if (Boolean.getBoolean("workshop.scrollFigures")) {
            System.out.println("scroll down " + down.figures() + "; up " + up.figures() + "; from the middle "
                    + fromMiddle.figures());
        }
    }

    private static <T> T onFx(FxRobot robot, java.util.concurrent.Callable<T> work) throws Exception {
        List<T> result = new ArrayList<>();
        robot.interact(() -> {
            try {
                result.add(work.call());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return result.getFirst();
    }

    /** What 200 wheel steps did: how many could be checked, the worst miss in px, and each step's FX time. */
    private record Steps(int count, int checked, double worstMiss, int lastIndex, long[] nanos) {
        String figures() {
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            return String.format("p50 %.2f ms, p95 %.2f ms, max %.2f ms", sorted[count / 2] / 1e6,
                    sorted[count * 95 / 100] / 1e6, sorted[count - 1] / 1e6);
        }
    }

    /**
     * Scrolls {@code delta} px at a time, as the wheel does, and follows a row seen before each step: after it,
     * the row must be exactly {@code delta} higher (or lower). A row that left the view is not checked.
     */
    private static Steps scroll(ListView<MessageItem> list, VirtualFlow<?> flow, double delta) {
        list.applyCss();
        list.layout();
        // The first move after a jump (to the top, the end, the middle) settles the flow's estimate of the rows it
        // has not measured yet; run first in its JVM, with nothing measured before, the first step up from the end
        // missed by a row's height. The wheel's steps are those that follow.
        flow.scrollPixels(delta);
        list.applyCss();
        list.layout();
        int count = 200;
        long[] nanos = new long[count];
        int checked = 0;
        double worst = 0;
        for (int i = 0; i < count; i++) {
            IndexedCell<?> anchor = flow.getFirstVisibleCell();
            int index = anchor.getIndex() + (delta > 0 ? 1 : 0);
            IndexedCell<?> followed = flow.getVisibleCell(index);
            double before = followed == null ? Double.NaN : followed.getLayoutY();
            long started = System.nanoTime();
            flow.scrollPixels(delta);
            list.applyCss();
            list.layout();
            nanos[i] = System.nanoTime() - started;
            IndexedCell<?> after = flow.getVisibleCell(index);
            if (followed != null && after != null) {
                checked++;
                worst = Math.max(worst, Math.abs(before - delta - after.getLayoutY()));
            }
        }
        return new Steps(count, checked, worst, flow.getFirstVisibleCell().getIndex(), nanos);
    }
}
