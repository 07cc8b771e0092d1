package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.ui.fx.ExternalLinks;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A link in a reply: a web address opens in the browser, anything else is only copied. */
@ExtendWith(ApplicationExtension.class)
class MarkdownLinkTest {
    private final LinkedBlockingQueue<String> opened = new LinkedBlockingQueue<>();

    @Start
    void start(Stage stage) {
        ExternalLinks.install(opened::add);
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        MarkdownView reply = new MarkdownView("See [the guide](https://example.org/guide) or [my notes](file:///home/ada/notes).");
        stage.setScene(new Scene(new StackPane(reply), 500, 200));
        // The stage is shared by the UI tests in this JVM: it takes this scene's size, whatever the last one left.
        stage.sizeToScene();
        stage.show();
    }

    @AfterEach
    void uninstall() {
        ExternalLinks.install(null);
    }

    private static String clipboard() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get(5, TimeUnit.SECONDS);
    }

    @Test
    void aWebLinkOpensInTheBrowserAndAFileLinkIsOnlyCopied(FxRobot robot) throws Exception {
        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        Hyperlink guide = robot.lookup("the guide").queryAs(Hyperlink.class);
        assertThat(guide.getTooltip().getText()).isEqualTo("Open https://example.org/guide");

        robot.clickOn(guide);
        assertThat(opened.poll(5, TimeUnit.SECONDS)).isEqualTo("https://example.org/guide");
        assertThat(guide.getTooltip().getText()).isEqualTo("Opened in your browser: https://example.org/guide");

        Hyperlink notes = robot.lookup("my notes").queryAs(Hyperlink.class);
        assertThat(notes.getTooltip().getText()).isEqualTo("Copy file:///home/ada/notes");
        robot.clickOn(notes);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(opened).as("a file link is never opened").isEmpty();
        assertThat(clipboard()).isEqualTo("file:///home/ada/notes");
    }
}
