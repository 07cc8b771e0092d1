package dev.workshop.domain.conversation;

/** A message, prompt or reason over {@link ConversationRules#MAX_TEXT_BYTES}; nothing was stored. */
public final class TextTooLargeException extends InvalidEventException {
    public TextTooLargeException(String message) {
        super(message);
    }
}
