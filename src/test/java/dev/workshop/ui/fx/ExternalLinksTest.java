package dev.workshop.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ExternalLinksTest {
    private final LinkedBlockingQueue<String> opened = new LinkedBlockingQueue<>();

    @AfterEach
    void uninstall() {
        ExternalLinks.install(null);
    }

    @Test
    void onlyWebAndMailAddressesAreHandedToTheBrowser() throws Exception {
        ExternalLinks.install(opened::add);

        assertThat(ExternalLinks.openWebAddress(" https://example.org/a?b=1 ")).isTrue();
        assertThat(opened.poll(5, TimeUnit.SECONDS)).isEqualTo("https://example.org/a?b=1");
        assertThat(ExternalLinks.openWebAddress("HTTP://example.org")).isTrue();
        assertThat(opened.poll(5, TimeUnit.SECONDS)).isEqualTo("HTTP://example.org");
        assertThat(ExternalLinks.openWebAddress("mailto:ada@example.org")).isTrue();
        assertThat(opened.poll(5, TimeUnit.SECONDS)).isEqualTo("mailto:ada@example.org");

        // A model's reply may link anything: a file or a script is never opened.
        for (String other : new String[] {"file:///etc/passwd", "javascript:alert(1)", "/home/ada", "example.org"}) {
            assertThat(ExternalLinks.openWebAddress(other)).as(other).isFalse();
        }
        assertThat(opened.poll(200, TimeUnit.MILLISECONDS)).isNull();
    }

    @Test
    void aFolderIsHandedOnAsItsAddress() throws Exception {
        ExternalLinks.install(opened::add);
        Path folder = Path.of("/tmp/workshop data");

        assertThat(ExternalLinks.openFolder(folder)).isTrue();
        assertThat(opened.poll(5, TimeUnit.SECONDS)).isEqualTo(folder.toUri().toString()).endsWith("workshop%20data");
    }

    @Test
    void withoutADesktopNothingIsOpened() {
        assertThat(ExternalLinks.available()).isFalse();
        assertThat(ExternalLinks.openWebAddress("https://example.org")).isFalse();
        assertThat(ExternalLinks.openFolder(Path.of("/tmp"))).isFalse();
    }
}
