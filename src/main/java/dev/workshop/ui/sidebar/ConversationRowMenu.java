package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Mark;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The conversation list's menu: what can be done with the conversations picked (or the one right-clicked). */
final class ConversationRowMenu {
    private final SidebarViewModel viewModel;
    private final ConversationActions actions;
    private final Supplier<List<ConversationRow>> targets;
    private final Runnable startRename;
    private final Consumer<ConversationState> onStartAgain;
    private final javafx.scene.Node owner;

    ConversationRowMenu(SidebarViewModel viewModel, ConversationActions actions,
                        Supplier<List<ConversationRow>> targets, Runnable startRename,
                        Consumer<ConversationState> onStartAgain, javafx.scene.Node owner) {
        this.viewModel = viewModel;
        this.actions = actions;
        this.targets = targets;
        this.startRename = startRename;
        this.onStartAgain = onStartAgain;
        this.owner = owner;
    }

    ContextMenu menu() {
        MenuItem rename = new MenuItem("Rename (F2)", new FontIcon(Feather.EDIT_2));
        rename.setId("rename-menu-item");
        rename.setOnAction(event -> startRename.run());
        MenuItem again = new MenuItem("Start again…", new FontIcon(Feather.REFRESH_CW));
        again.setId("start-again-menu-item");
        again.setOnAction(event -> {
            List<ConversationRow> picked = targets.get();
            if (picked.size() == 1) {
                viewModel.startAgain(picked.getFirst(), onStartAgain);
            }
        });
        MenuItem delete = new MenuItem("Delete… (Del)", new FontIcon(Feather.TRASH_2));
        delete.setId("delete-menu-item");
        delete.setOnAction(event -> actions.confirmDelete(targets.get()));
        MenuItem star = new MenuItem("Star", new FontIcon(Feather.STAR));
        star.setId("star-menu-item");
        star.setOnAction(event -> viewModel.deletion().mark(targets.get(), Mark.STARRED, !allAre(Mark.STARRED)));
        MenuItem legalHold = new MenuItem("Legal hold", new FontIcon(Feather.LOCK));
        legalHold.setId("legal-hold-menu-item");
        legalHold.setOnAction(event -> viewModel.deletion().mark(targets.get(), Mark.LEGAL_HOLD,
                !allAre(Mark.LEGAL_HOLD)));
        MenuItem erase = new MenuItem("Erase permanently…", new FontIcon(Feather.X_OCTAGON));
        erase.setId("erase-menu-item");
        erase.setOnAction(event -> actions.confirmErase(targets.get()));
        // The one conversation shown, as the Export button above its messages does.
        MenuItem exportMarkdown = new MenuItem("Export as Markdown…", new FontIcon(Feather.FILE_TEXT));
        exportMarkdown.setId("export-markdown-menu-item");
        exportMarkdown.setOnAction(event -> actions.export(ConversationActions.Format.MARKDOWN));
        MenuItem exportJson = new MenuItem("Export as JSON…", new FontIcon(Feather.CODE));
        exportJson.setId("export-json-menu-item");
        exportJson.setOnAction(event -> actions.export(ConversationActions.Format.JSON));
        MenuItem exportAll = new MenuItem("Export all conversations…", new FontIcon(Feather.DOWNLOAD));
        exportAll.setId("export-all-menu-item");
        exportAll.setOnAction(event -> actions.exportAll(targets.get()));
        MenuItem hold = new MenuItem("Hold in git…", new FontIcon(Feather.ARCHIVE));
        hold.setId("hold-menu-item");
        hold.setOnAction(event -> actions.hold(targets.get().getFirst()));
        MenuItem reinflate = new MenuItem("Re-inflate", new FontIcon(Feather.PLAY_CIRCLE));
        reinflate.setId("reinflate-menu-item");
        reinflate.setOnAction(event -> viewModel.reinflate(targets.get().getFirst()));
        MenuItem openHeld = new MenuItem("Open held session…", new FontIcon(Feather.GIT_BRANCH));
        openHeld.setId("open-held-menu-item");
        openHeld.setOnAction(event -> actions.openHeld());
        MenuItem deleted = new MenuItem("Recently deleted…", new FontIcon(Feather.CORNER_UP_LEFT));
        deleted.setId("recently-deleted-menu-item");
        deleted.setOnAction(event -> actions.showRecentlyDeleted());
        MenuItem allActivity = new MenuItem("All activity…", new FontIcon(Feather.LIST));
        allActivity.setId("all-activity-menu-item");
        allActivity.setOnAction(event -> viewModel.activity(null, text -> TextWindow.show(owner,
                "All activity", text)));
        ContextMenu menu = new ContextMenu(rename, again, star, legalHold, delete, erase, new SeparatorMenuItem(),
                exportMarkdown, exportJson, exportAll, new SeparatorMenuItem(), hold, reinflate, openHeld,
                new SeparatorMenuItem(), deleted, allActivity);
        menu.setOnShowing(event -> {
            int count = targets.get().size();
            rename.setDisable(count != 1);
            again.setDisable(count != 1);
            // Export writes the conversation shown: only when that is the one (or the only one) picked.
            boolean one = count == 1 && viewModel.selectedProperty().get() != null
                    && targets.get().getFirst().id().equals(viewModel.selectedProperty().get().id());
            exportMarkdown.setDisable(!one);
            exportJson.setDisable(!one);
            delete.setDisable(count == 0);
            erase.setDisable(count == 0 || targets.get().stream().anyMatch(row -> row.is(Mark.LEGAL_HOLD)));
            star.setDisable(count == 0);
            star.setText(count > 0 && allAre(Mark.STARRED) ? "Remove the star" : "Star");
            legalHold.setDisable(count == 0);
            legalHold.setText(count > 0 && allAre(Mark.LEGAL_HOLD) ? "Release the legal hold" : "Legal hold");
            erase.setText(count > 1 ? "Erase " + count + " conversations permanently…" : "Erase permanently…");
            boolean held = count == 1 && RowRules.isHeld(targets.get().getFirst());
            hold.setVisible(!held);
            hold.setDisable(count != 1);
            reinflate.setVisible(held);
            delete.setText(count > 1 ? "Delete " + count + " conversations… (Del)" : "Delete… (Del)");
            exportAll.setText(count > 1 ? "Export these " + count + " conversations…" : "Export all conversations…");
            exportAll.setDisable(viewModel.allRows().isEmpty());
        });
        return menu;
    }

    /** Whether every conversation picked has the mark: the item takes it off then. */
    private boolean allAre(Mark mark) {
        List<ConversationRow> picked = targets.get();
        return !picked.isEmpty() && picked.stream().allMatch(row -> row.is(mark));
    }
}
