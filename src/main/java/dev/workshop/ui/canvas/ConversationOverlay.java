package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.AgentTrigger;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.LoopEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The running conversations drawn over the canvas, from the loops' events: a rope between the agents of each,
 * who speaks (a figure writing, the others reading), the bubbles of what was said, and the marks an end leaves
 * (waiting for you, queued, failed). FX thread only.
 */
final class ConversationOverlay {
    /** Longer titles are cut in status-bar notices, which share their line with the data directory. */
    private static final int TITLE_IN_NOTICE = 40;
    private final CanvasContents canvas;
    private final CanvasSeams seams;
    /** The instances a conversation runs on, placing those it lacks ({@link CanvasConversations#instancesFor}). */
    private final java.util.function.BiFunction<ConversationId, List<Participant>, List<InstanceId>> instancesFor;
    private final ObservableList<ConversationLink> links = FXCollections.observableArrayList();
    private final ObservableList<ConversationLink> readOnlyLinks = FXCollections.unmodifiableObservableList(links);
    /** The instances each conversation runs on, saved with the scene. */
    private final Map<ConversationId, List<InstanceId>> conversationInstances = new LinkedHashMap<>();
    /**
     * The agents each failed conversation marked, kept after its end forgets its instances, and saved with the
     * scene so that a restart marks them again ({@link #showAtLaunch}).
     */
    private final Map<ConversationId, List<InstanceId>> failedMarks = new HashMap<>();
    private Function<ConversationId, Optional<String>> titleOf = id -> Optional.empty();

    ConversationOverlay(CanvasContents canvas, CanvasSeams seams,
                        java.util.function.BiFunction<ConversationId, List<Participant>, List<InstanceId>> instancesFor) {
        this.canvas = canvas;
        this.seams = seams;
        this.instancesFor = instancesFor;
    }

    /** What the scene saved: the instances of each conversation and the failed marks. */
    void load(Map<ConversationId, List<InstanceId>> instances, Map<ConversationId, List<InstanceId>> failed) {
        conversationInstances.clear();
        conversationInstances.putAll(instances);
        failedMarks.clear();
        failedMarks.putAll(failed);
    }

    Map<ConversationId, List<InstanceId>> conversationInstances() {
        return conversationInstances;
    }

    Map<ConversationId, List<InstanceId>> failedMarks() {
        return failedMarks;
    }

    ObservableList<ConversationLink> links() {
        return readOnlyLinks;
    }

    void setTitleLookup(Function<ConversationId, Optional<String>> lookup) {
        titleOf = Objects.requireNonNull(lookup, "lookup");
    }

    /**
     * At launch, what no loop will say again because none runs: conversations that wait for the user keep their
     * rope and their agents stay "in conversation", and the agents whose turn failed a conversation show the
     * error again, as before the restart. The marks of a failed conversation that is no longer failed (resumed
     * or deleted from the command line meanwhile) are dropped. None places an agent: a conversation whose
     * figures are no longer on the canvas shows only in the sidebar. One already linked (the user answered
     * between the read and this call) is left to its loop's events.
     *
     * @param conversations every stored conversation, as read just after the scene was loaded
     */
    void showAtLaunch(List<ConversationState> conversations) {
        showFailedMarks(conversations);
        for (ConversationState state : conversations) {
            if (state.status() != ConversationStatus.WAITING) {
                continue;
            }
            if (links.stream().anyMatch(link -> link.id().equals(state.id()))) {
                // Read a moment ago: the user has answered since, and its loop already showed it.
                continue;
            }
            List<InstanceId> known = conversationInstances.getOrDefault(state.id(), List.of());
            long members = state.participants().stream().filter(participant -> !participant.isHuman()).count();
            // A restored or forked conversation paused before an agent's turn waits for a Resume, not for an
            // answer: nothing is under way, so it gets no rope and no "Waiting for you".
            if (state.status() == ConversationStatus.WAITING && !ConversationEngine.canResume(state) && !known.isEmpty()
                    && known.size() == members && known.stream().allMatch(id -> canvas.find(id).isPresent())) {
                conversationStarted(state, false, false);
                participants(state.id()).forEach(agent -> agent.mark(state.id(), AgentMark.WAITING_FOR_YOU));
            }
        }
    }

    private void showFailedMarks(List<ConversationState> conversations) {
        Set<ConversationId> stillFailed = conversations.stream()
                .filter(state -> Lifecycle.shown(state) == ConversationStatus.FAILED).map(ConversationState::id)
                .collect(Collectors.toSet());
        if (failedMarks.keySet().retainAll(stillFailed)) {
            seams.sceneChanged();
        }
        // An agent in a conversation started since the scene was loaded keeps the mark but shows what it does now.
        failedMarks.forEach((conversation, instances) -> instances.forEach(
                instance -> canvas.find(instance).ifPresent(agent -> agent.mark(conversation, AgentMark.FAILED))));
    }

    /**
     * @param resumed   resumed after a restart (its rope and figures say so)
     * @param beginning a new conversation or a follow-up, not one resumed: the agents have moved on from a failed
     *                  turn elsewhere, whose error marks go
     */
    void conversationStarted(ConversationState state, boolean resumed, boolean beginning) {
        // The human member, if any, has no figure on the canvas.
        List<InstanceId> instances = instancesFor.apply(state.id(),
                state.participants().stream().filter(participant -> !participant.isHuman()).toList());
        links.removeIf(link -> link.id().equals(state.id()));
        links.add(new ConversationLink(state.id(), instances, resumed, Optional.empty()));
        for (InstanceId id : instances) {
            canvas.find(id).ifPresent(agent -> {
                if (beginning && agent.hasFailed()) {
                    agent.forgetFailures();
                    forgetFailedMark(agent.id());
                }
                agent.mark(state.id(), AgentMark.NONE);
                agent.join(state.id());
                agent.fire(AgentTrigger.CONVERSATION_START);
                if (resumed) {
                    agent.setResumed(true);
                }
            });
        }
    }

    void onEvent(LoopEvent event) {
        switch (event) {
            case LoopEvent.Recorded recorded -> recorded(recorded);
            case LoopEvent.Ended ended -> conversationEnded(ended);
            case LoopEvent.Error error -> seams.tell(error.message());
            case LoopEvent.Warning warning -> seams.tell(warning.message());
            case LoopEvent.SavePending pending -> seams.tell(pending.message());
            case LoopEvent.ServerBack back -> seams.tell(back.message());
            case LoopEvent.MessageLost lost -> seams.tell(lost.message());
            case LoopEvent.SaveFailed failed -> seams.tell(failed.message());
            case LoopEvent.Started started -> { }
            case LoopEvent.TurnRetry retry -> { }
            case LoopEvent.TeamReady ready -> { }
            case LoopEvent.SessionRestored restored -> { }
            case LoopEvent.SessionSaved saved -> { }
            case LoopEvent.Token token -> { }
            case LoopEvent.ElementRecorded element -> { }
        }
    }

    /**
     * What the log took, as the fold reads it: a message said by its speaker, a turn begun, a conversation queued, or
     * deleted (it was stopped first: its end already took its rope away, and now its marks go). The canvas is this
     * device's: another device's conversation shows in the sidebar.
     */
    private void recorded(LoopEvent.Recorded recorded) {
        if (recorded.elsewhere()) {
            return;
        }
        ConversationId id = recorded.conversationId();
        News news = recorded.news();
        news.lines().stream().filter(line -> !line.cutOff() && !line.lost())
                .forEach(line -> messageRecorded(id, line.message()));
        news.turnStarted().ifPresent(turn -> turnStarted(id, turn));
        if (news.status().filter(status -> status == ConversationStatus.QUEUED).isPresent()) {
            participants(id).forEach(agent -> agent.mark(id, AgentMark.QUEUED));
        }
        if (news.deleted()) {
            unmark(id);
        }
    }

    private void turnStarted(ConversationId id, News.TurnInProgress turn) {
        Optional<InstanceId> speaker = speakerOf(id, turn.speakerId());
        participants(id).forEach(agent -> {
            boolean speaking = speaker.isPresent() && speaker.get().equals(agent.id());
            agent.fire(speaking ? AgentTrigger.TURN_START : AgentTrigger.OTHER_TURN_START);
            if (speaking) {
                agent.say("", new MessageRef(id, turn.turnIndex()));
            }
        });
        replaceLink(id, link -> link.speaking(speaker));
    }

    private void messageRecorded(ConversationId id, MessageRecorded message) {
        Optional<InstanceId> speaker = speakerOf(id, message.speakerId());
        participants(id).forEach(agent -> agent.fire(AgentTrigger.TURN_END));
        speaker.flatMap(canvas::find).ifPresent(agent -> agent.say(CanvasViewModel.cut(message.content()),
                new MessageRef(id, message.turnIndex())));
    }

    private void conversationEnded(LoopEvent.Ended ended) {
        if (ended.status() == ConversationStatus.WAITING) {
            // Paused for the human's message: the agents stay in the conversation, nobody is speaking.
            replaceLink(ended.conversationId(), link -> link.speaking(Optional.empty()));
            participants(ended.conversationId()).forEach(agent -> agent.mark(ended.conversationId(), AgentMark.WAITING_FOR_YOU));
            seams.tell(Lifecycle.isAboutACall(ended.cause()) ? ended.reason() + " (in the sidebar)"
                    : "Your turn in " + nameOf(ended.conversationId()) + ": write in the sidebar");
            return;
        }
        markEnd(ended);
        Optional<InstanceId> speaking = links.stream().filter(link -> link.id().equals(ended.conversationId()))
                .findFirst().flatMap(ConversationLink::speaker);
        for (AgentNodeModel agent : participants(ended.conversationId())) {
            agent.leave(ended.conversationId());
            if (agent.conversations().isEmpty()) {
                // "Done" only for a conversation that is: one stopped before its end leaves its agents idle.
                agent.fire(ended.shownStatus() == ConversationStatus.COMPLETED ? AgentTrigger.CONVERSATION_END
                        : AgentTrigger.CONVERSATION_STOPPED);
                agent.setResumed(false);
            } else if (speaking.isPresent() && speaking.get().equals(agent.id())) {
                showTurnsElsewhere(agent);
            }
        }
        links.removeIf(link -> link.id().equals(ended.conversationId()));
        if (ended.shownStatus() != ConversationStatus.COMPLETED || !ended.reason().isEmpty()) {
            String name = nameOf(ended.conversationId());
            seams.tell(Character.toUpperCase(name.charAt(0)) + name.substring(1) + " "
                    + ended.shownStatus().name().toLowerCase(Locale.ROOT)
                    + (ended.reason().isEmpty() ? "" : ": " + ended.reason()));
        }
        // An interrupted conversation resumes on the same instances, so only a final end forgets them.
        if (ended.status().isFinal() && conversationInstances.remove(ended.conversationId()) != null) {
            seams.sceneChanged();
        }
    }

    /**
     * The agent's turn ended with its conversation, and it is in others still: it shows what it does there —
     * reading while another agent writes, writing if its own turn is under way in one of them.
     */
    private void showTurnsElsewhere(AgentNodeModel agent) {
        List<Optional<InstanceId>> speakers = links.stream().filter(link -> agent.conversations().contains(link.id()))
                .map(ConversationLink::speaker).toList();
        if (speakers.contains(Optional.of(agent.id()))) {
            return;
        }
        agent.fire(AgentTrigger.TURN_END);
        if (speakers.stream().anyMatch(Optional::isPresent)) {
            agent.fire(AgentTrigger.OTHER_TURN_START);
        }
    }

    /**
     * A conversation stopped by a failed turn (one that Retry goes on with) marks the agent whose turn failed (every
     * member when the canvas did not see the turn start); any other end takes the marks away.
     */
    private void markEnd(LoopEvent.Ended ended) {
        boolean turnFailed = ended.recorded()
                && Lifecycle.allows(ended.status(), ended.cause(), Lifecycle.Command.RETRY);
        Optional<InstanceId> failing = !turnFailed ? Optional.empty()
                : links.stream().filter(link -> link.id().equals(ended.conversationId())).findFirst()
                        .flatMap(ConversationLink::speaker);
        List<InstanceId> failed = new ArrayList<>();
        for (AgentNodeModel agent : participants(ended.conversationId())) {
            boolean failedHere = turnFailed && (failing.isEmpty() || failing.get().equals(agent.id()));
            agent.mark(ended.conversationId(), failedHere ? AgentMark.FAILED : AgentMark.NONE);
            if (failedHere) {
                failed.add(agent.id());
            }
        }
        boolean changed = failed.isEmpty() ? failedMarks.remove(ended.conversationId()) != null
                : !failed.equals(failedMarks.put(ended.conversationId(), failed));
        if (changed) {
            seams.sceneChanged();
        }
    }

    /** The agent's error mark was taken away (its next conversation started): a restart must not show it again. */
    private void forgetFailedMark(InstanceId agent) {
        failedMarks.replaceAll((conversation, instances) -> instances.contains(agent)
                ? instances.stream().filter(instance -> !instance.equals(agent)).toList() : instances);
        failedMarks.values().removeIf(List::isEmpty);
        seams.sceneChanged();
    }

    /** A conversation that is deleted (failed, or waiting for the user) no longer leaves its agents marked. */
    private void unmark(ConversationId id) {
        canvas.agents().forEach(agent -> agent.mark(id, AgentMark.NONE));
        if (failedMarks.remove(id) != null) {
            seams.sceneChanged();
        }
    }

    /** The conversation as the sidebar names it: its title in quotes, else "conversation" and its id's start. */
    private String nameOf(ConversationId id) {
        return titleOf.apply(id).filter(title -> !title.isBlank())
                .map(title -> "\u201c" + (title.length() > TITLE_IN_NOTICE ? title.substring(0, TITLE_IN_NOTICE - 1).strip()
                        + "…" : title) + "\u201d")
                .orElse("conversation " + shortId(id));
    }

    private static String shortId(ConversationId id) {
        return id.value().length() > 8 ? id.value().substring(0, 8) : id.value();
    }

    /** The instance that speaks for {@code speaker} in this conversation. */
    private Optional<InstanceId> speakerOf(ConversationId conversation, AgentId speaker) {
        return participants(conversation).stream().filter(agent -> agent.agentId().equals(speaker))
                .map(AgentNodeModel::id).findFirst();
    }

    private List<AgentNodeModel> participants(ConversationId conversation) {
        List<AgentNodeModel> found = new ArrayList<>();
        for (InstanceId id : conversationInstances.getOrDefault(conversation, List.of())) {
            canvas.find(id).ifPresent(found::add);
        }
        return found;
    }

    private void replaceLink(ConversationId id, UnaryOperator<ConversationLink> change) {
        for (int i = 0; i < links.size(); i++) {
            if (links.get(i).id().equals(id)) {
                links.set(i, change.apply(links.get(i)));
            }
        }
    }

}
