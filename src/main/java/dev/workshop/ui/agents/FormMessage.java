package dev.workshop.ui.agents;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** The line under a form: what was done, or what went wrong (shown in the error style). */
final class FormMessage {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper problem = new ReadOnlyBooleanWrapper();

    /** What was done. */
    void tell(String said) {
        problem.set(false);
        text.set(said);
    }

    /** What went wrong. */
    void complain(String said) {
        problem.set(true);
        text.set(said);
    }

    ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }
}
