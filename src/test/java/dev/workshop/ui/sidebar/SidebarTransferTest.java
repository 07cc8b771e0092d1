package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.ui.fx.JoinableBackground;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading, exporting and importing conversations from the sidebar. */
class SidebarTransferTest extends SidebarFixture {
    @Test
    void exportingEveryConversationWritesFilesThatImportReadsBack(@TempDir Path folder) throws Exception {
        ConversationId picnic = stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Lemonade"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        startSidebar();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(2);

        onFx(() -> {
            sidebar.transfer().exportAll(List.copyOf(sidebar.allRows()), folder);
            return null;
        });

        settle();
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Exported 2 conversations to " + folder);
        List<Path> files;
        try (var listing = Files.list(folder)) {
            files = listing.sorted().toList();
        }
        assertThat(files).as("two files although the titles are the same").hasSize(2)
                .allMatch(file -> file.getFileName().toString().startsWith("plan-a-picnic-"));
        Path picnicFile = files.stream().filter(file -> file.getFileName().toString()
                .contains(picnic.value().substring(0, 8))).findFirst().orElseThrow();
        onFx(() -> {
            sidebar.transfer().importFile(picnicFile);
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(3);
        // Already here, so it comes in as a copy; ended, so not paused, but marked imported (and from where) until
        // it is followed up: it must not read as its original.
        ConversationRow copy = onFx(() -> sidebar.allRows().stream().filter(ConversationRow::justImported)
                .findFirst().orElseThrow());
        assertThat(copy.id()).isNotEqualTo(picnic);
        assertThat(copy.status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(copy.statusReason()).isEqualTo("Imported after its last turn; write to follow it up");
        assertThat(onFx(() -> sidebar.allRows().stream().filter(ConversationRow::justImported).count())).isOne();
        settle();
        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(copy.id());
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.importedFromProperty().get())).isEqualTo(picnicFile.getFileName().toString());
    }

    @Test
    void aSelectedConversationLoadsInTheBackgroundWithResumedAndRetriedTurnsMarked() throws Exception {
        ConversationId id = stored("Name a cat",
                new TurnStarted(0, ADA.agentId(), false), message(0, ADA, "**Mochi**"),
                new TurnStarted(1, BRUNO.agentId(), false),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "stopped"), new ResumeStarted(1),
                new TurnStarted(1, BRUNO.agentId(), true), message(1, BRUNO, "Miso"),
                new TurnStarted(2, ADA.agentId(), false), message(2, ADA, "Tofu"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);

        ConversationRow row = row(id);
        boolean loadingAtOnce = onFx(() -> {
            sidebar.select(row);
            return sidebar.loadingProperty().get();
        });

        assertThat(loadingAtOnce).isTrue();
        settle();
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
        List<MessageItem> messages = onFx(() -> List.copyOf(sidebar.messages()));
        assertThat(messages).extracting(MessageItem::content).containsExactly("**Mochi**", "Miso", "Tofu");
        assertThat(messages).extracting(MessageItem::resumeMark)
                .containsExactly(Optional.empty(), Optional.of("resumed after restart"), Optional.empty());
        assertThat(messages).extracting(MessageItem::retried).containsExactly(false, true, false);
        assertThat(messages.get(0).colour()).isEqualTo(workspace.agentDirectory().find(ADA.agentId()).orElseThrow()
                .avatarColor());
    }

    @Test
    void tenThousandMessagesLoadWithoutHoldingTheUiThread() throws Exception {
        List<ConversationEvent> events = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            events.add(message(i, i % 2 == 0 ? ADA : BRUNO, "Message " + i + " with *some* Markdown"));
        }
        ConversationId id = stored("A long one");
        workspace.store().append(workspace.tenant(), id, 1, events);
        // The work leaves the FX thread for real here: that is the point.
        JoinableBackground background = new JoinableBackground();
        sidebar = new SidebarViewModel(workspace, fx, background);
        onFx(() -> {
            sidebar.start();
            return null;
        });
        background.awaitIdle(Duration.ofSeconds(30));
        settle();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);

        ConversationRow row = row(id);
        select(row);
        // While it loads, the (stand-in) UI thread keeps answering.
        assertThat(onFx(() -> sidebar.loadingProperty().get() || sidebar.messages().size() == 10_000)).isTrue();

        background.awaitIdle(Duration.ofSeconds(30));
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(10_000);
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
    }

    @Test
    void anImportedFileIsSelectedAndMissingSpeakersAreNamed() throws Exception {
        startSidebar();
        Path file = dir.resolve("old-export.json");
        Files.writeString(file, """
                {"sessionId": "from-2025", "teamTask": "Review", "messages": [
                  {"speaker": {"roleId": "starter-ada", "roleName": "Ada"}, "content": "Looks good."},
                  {"speaker": {"roleId": "gone-1", "roleName": "Rita", "roleTitle": "Rita (Reviewer)"},
                   "content": "One typo."}]}
                """);

        onFx(() -> {
            sidebar.transfer().importFile(file);
            return null;
        });

        settle();
        assertThat(onFx(() -> sidebar.selectedProperty().get().id().value())).isEqualTo("from-2025");
        assertThat(onFx(() -> sidebar.selectedProperty().get())).satisfies(imported -> {
            assertThat(imported.justImported()).isTrue();
            assertThat(imported.paused()).as("paused, as the README says").isTrue();
            assertThat(imported.statusReason()).isEqualTo("Imported; nothing runs until you continue it");
        });
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Some speakers in the history are not in"
                + " the current team: Rita. Their messages are shown with their original names.");
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);
        assertThat(onFx(() -> sidebar.messages().get(1).speakerName())).isEqualTo("Rita");

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "not json");
        onFx(() -> {
            sidebar.transfer().importFile(broken);
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.noticeProperty().get()))
                .startsWith("Could not import broken.json: Invalid session snapshot");
    }

    @Test
    void exportsTheSelectedConversationAsMarkdownAndJson() throws Exception {
        ConversationId id = stored("Name a cat", message(0, ADA, "Mochi"), message(1, BRUNO, "Miso"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        ConversationRow row = row(id);
        select(row);
        Path markdown = dir.resolve("out.md");
        Path json = dir.resolve("out.json");

        onFx(() -> {
            sidebar.export(markdown);
            sidebar.export(json);
            return null;
        });

        settle();
        assertThat(markdown).isNotEmptyFile();
        assertThat(json).isNotEmptyFile();
        assertThat(Files.readString(markdown)).startsWith("# Name a cat").contains("## 1. Ada\n\nMochi")
                .contains("## 2. Bruno\n\nMiso");
        assertThat(Files.readString(json)).contains("\"task_prompt\" : \"Name a cat\"").contains("\"content\" : \"Miso\"");
        assertThat(onFx(() -> sidebar.exportName("md"))).matches("name-a-cat-\\d{8}-\\d{4}\\.md");
    }
}
