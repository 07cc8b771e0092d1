package dev.workshop.domain.conversation;

/** What a speaker is asked: its persona (the system part) and the turn's request (the user part). */
public record Prompt(String system, String user, boolean lastTurn) {
}
