package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** What the desktop app lets JavaFX print in the terminal it was started from. */
class JavaFxLogTest {
    @Test
    void dropsTheClassPathWarningAndKeepsTheOthers() {
        Logger javafx = Logger.getLogger("javafx");
        List<String> published = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                published.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        javafx.addHandler(handler);
        try {
            WorkshopApp.quietJavaFxLog();
            // As JavaFX reaches it: through System.Logger, which the JDK hands to java.util.logging.
            System.Logger logger = System.getLogger("javafx");
            logger.log(System.Logger.Level.WARNING, "Unsupported JavaFX configuration: classes were loaded from "
                    + "'unnamed module @5f150435'");
            logger.log(System.Logger.Level.WARNING, "Could not load the stylesheet canvas.css");
            javafx.log(Level.WARNING, (String) null);
        } finally {
            javafx.removeHandler(handler);
            javafx.setFilter(null);
        }

        assertThat(published).containsExactly("Could not load the stylesheet canvas.css", null);
    }
}
