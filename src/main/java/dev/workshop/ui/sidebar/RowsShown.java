package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What the live updates need of the sidebar, and no more: the rows of the list and which conversation is shown.
 * FX thread only.
 */
interface RowsShown {
    /** Adds or replaces a row, keeping the newest activity first; the one shown is replaced too. */
    void upsert(ConversationRow row);

    boolean isSelected(ConversationId id);

    /** Whether no conversation is shown. */
    boolean noneSelected();

    /** Shows a conversation (null: none). */
    void select(ConversationRow row);

    static RowsShown of(Consumer<ConversationRow> upsert, Predicate<ConversationId> isSelected,
                        BooleanSupplier noneSelected, Consumer<ConversationRow> select) {
        return new RowsShown() {
            @Override
            public void upsert(ConversationRow row) {
                upsert.accept(row);
            }

            @Override
            public boolean isSelected(ConversationId id) {
                return isSelected.test(id);
            }

            @Override
            public boolean noneSelected() {
                return noneSelected.getAsBoolean();
            }

            @Override
            public void select(ConversationRow row) {
                select.accept(row);
            }
        };
    }
}
