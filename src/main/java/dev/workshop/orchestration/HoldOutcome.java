package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a hold did: the conversation, its branch and the commit that holds it, in which repository, whether a
 * new commit was made (holding again what is held already makes none), where it was pushed, and how many turns
 * it holds.
 */
public record HoldOutcome(ConversationId id, String title, String branch, String commit, Path repository,
                          boolean committed, Optional<String> pushedTo, int turns) {
}
