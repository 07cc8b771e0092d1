package dev.workshop.domain.element;

import java.util.Objects;

/**
 * What can happen to a shared element: its own ordered stream of these (each with who did it and where it came
 * from, {@link ElementChange}) is its history, and its state is their fold ({@link ElementState}).
 */
public sealed interface ElementEvent {

    /** The first event of every element: what it is, what it is called, and whose it is (an inbox's agent). */
    record Created(ElementKind kind, String name, String owner) implements ElementEvent {
        public Created {
            Objects.requireNonNull(kind, "kind");
            name = ElementNames.require(name);
            if (kind.ownedByAnAgent() && (owner == null || owner.isBlank())) {
                throw new IllegalArgumentException("A " + kind.label().toLowerCase(java.util.Locale.ROOT)
                        + " belongs to an agent");
            }
        }
    }

    record Posted(String text) implements ElementEvent {
        public Posted {
            text = ElementTexts.require("A post", text);
        }
    }

    /** A pin put up; the fold numbers it (P1, P2…) in the order pins were put up. */
    record Pinned(String text) implements ElementEvent {
        public Pinned {
            text = ElementTexts.require("A pin", text);
        }
    }

    /** A vote of +1 or −1 on a pin. */
    record Voted(String pin, int delta) implements ElementEvent {
        public Voted {
            Objects.requireNonNull(pin, "pin");
            if (delta != 1 && delta != -1) {
                throw new IllegalArgumentException("A vote is +1 or -1, was " + delta);
            }
        }
    }

    record Commented(String pin, String text) implements ElementEvent {
        public Commented {
            Objects.requireNonNull(pin, "pin");
            text = ElementTexts.require("A comment", text);
        }
    }

    /** A pin made immune: votes no longer take it down. */
    record Kept(String pin) implements ElementEvent {
        public Kept {
            Objects.requireNonNull(pin, "pin");
        }
    }

    /** A kept pin released: votes count again (one already at −3 comes down at once). */
    record Released(String pin) implements ElementEvent {
        public Released {
            Objects.requireNonNull(pin, "pin");
        }
    }

    /** A message left in an inbox by the actor. */
    record Sent(String text) implements ElementEvent {
        public Sent {
            text = ElementTexts.require("A message", text);
        }
    }

    /** The inbox's owner has read its messages up to and including number {@code upTo}. */
    record Read(int upTo) implements ElementEvent {
    }

    /** The rulebook's whole text, as the user wrote it. */
    record RulesWritten(String text) implements ElementEvent {
        public RulesWritten {
            text = ElementTexts.requireSize("The rulebook", text == null ? "" : text);
        }
    }

    record Noted(String text) implements ElementEvent {
        public Noted {
            text = ElementTexts.require("A note", text);
        }
    }

    /** Note number {@code note} forgotten. */
    record Forgot(int note) implements ElementEvent {
    }

    /**
     * A memory block written (Letta's core memory): a labelled text the agent sees at every turn, with the number
     * of characters it may hold shown beside it.
     */
    record BlockWritten(String label, String text, int limit) implements ElementEvent {
        public BlockWritten {
            label = ElementNames.require(label);
            text = ElementTexts.requireSize("A memory block", text == null ? "" : text);
            if (limit < 1 || text.length() > limit) {
                throw new IllegalArgumentException("A memory block holds at most its limit of characters: "
                        + text.length() + " is over " + limit);
            }
        }
    }

    record BlockRemoved(String label) implements ElementEvent {
        public BlockRemoved {
            Objects.requireNonNull(label, "label");
        }
    }

    /** The agent's recent interactions in short, compacted by its own model every few turns. */
    record Summarised(String text) implements ElementEvent {
        public Summarised {
            text = ElementTexts.require("A summary", text);
        }
    }

    /**
     * An action that could not apply (a pin another took down, a full pinboard): decided once like any other, so
     * that asking the reply again neither applies it later nor hides why it did not.
     */
    record Refused(String action, String reason) implements ElementEvent {
        public Refused {
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * What stands where an erased conversation's change was (docs/decisions/0031): no text, only which kind of
     * change it was ({@link #wasA}), so that the fold still counts it — the pins and notes after it keep their
     * numbers, and a vote on one of them still finds it — while what it said is gone.
     */
    record Erased(String wasA) implements ElementEvent {
        public Erased {
            Objects.requireNonNull(wasA, "wasA");
        }

        /** What stands in for {@code change}: its kind's wire name, its text gone. */
        public static Erased of(ElementEvent change) {
            return new Erased(switch (change) {
                case Posted ignored -> "post";
                case Pinned ignored -> "pin";
                case Sent ignored -> "message";
                case Noted ignored -> "note";
                case Erased erased -> erased.wasA();
                default -> "change";
            });
        }
    }
}
