package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.fsm.AgentState;
import dev.workshop.domain.fsm.AgentTrigger;
import dev.workshop.domain.conversation.News;
import dev.workshop.orchestration.Heard;
import dev.workshop.orchestration.LoopEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Conversations on the canvas: started from it, drawn over it, the agents' states and marks as they run. */
class CanvasConversationsTest extends CanvasFixture {
    @Test
    void aConversationStartedHereIsHandedOnOnceStoredAndATaskToo() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        List<ConversationId> shown = new java.util.concurrent.CopyOnWriteArrayList<>();
        fx.run(() -> canvas.waysOut().setOnShowConversation(shown::add));

        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a cat", 2));
        fx.run(() -> canvas.conversations().start(List.of(ada), "Name a dog", 1));

        fx.settle();
        assertThat(shown).hasSize(2);
        assertThat(shown).allSatisfy(id -> assertThat(workspace.engine().state(id)).as("stored before it is shown")
                .isPresent());
        assertThat(shown).extracting(id -> workspace.engine().state(id).orElseThrow().task().orElse(""))
                .containsExactlyInAnyOrder("Name a cat", "Name a dog");
    }

    @Test
    void noticesNameAConversationByItsTitleAndFallBackToItsId() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        fx.run(() -> canvas.waysOut().setTitleLookup(id -> java.util.Optional.of(
                "A title far longer than any status bar should have to carry")));
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a cat", 2));

        loopsDone();
        assertThat(fx.call(() -> canvas.noticeProperty().get()))
                .isEqualTo("\u201cA title far longer than any status bar…\u201d completed: All 2 turns were taken");

        fx.run(() -> canvas.waysOut().setTitleLookup(id -> java.util.Optional.empty()));
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 2));
        loopsDone();
        ConversationId dog = fx.call(() -> workspace.engine().conversations().stream()
                .filter(conversation -> conversation.task().orElse("").equals("Name a dog")).findFirst().orElseThrow().id());
        assertThat(fx.call(() -> canvas.noticeProperty().get()))
                .isEqualTo("Conversation " + dog.value().substring(0, 8) + " completed: All 2 turns were taken");
    }

    @Test
    void aConversationWaitingForYouKeepsItsRopeAndItsAgentsAfterARestart() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        AgentNodeModel chen = place(new AgentId("starter-chen"), 400, 0);
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 6, true));
        loopsDone();
        assertThat(workspace.engine().conversations()).singleElement()
                .satisfies(state -> assertThat(state.status()).isEqualTo(ConversationStatus.WAITING));
        assertThat(fx.call(() -> ada.mark())).isEqualTo(AgentMark.WAITING_FOR_YOU);
        assertThat(fx.call(() -> bruno.mark())).isEqualTo(AgentMark.WAITING_FOR_YOU);

        // Closing writes the scene, with the instances the conversation runs on.
        restartCanvas();
        List<ConversationState> waiting = workspace.engine().conversations();

        assertThat(fx.call(() -> List.copyOf(canvas.links()))).singleElement().satisfies(link -> {
            assertThat(link.id()).isEqualTo(waiting.getFirst().id());
            assertThat(link.participants()).containsExactly(ada.id(), bruno.id());
        });
        assertThat(fx.call(() -> canvas.find(ada.id()).orElseThrow().state())).isEqualTo(AgentState.CONVERSING);
        assertThat(fx.call(() -> canvas.find(ada.id()).orElseThrow().mark())).as("shown as waiting for you")
                .isEqualTo(AgentMark.WAITING_FOR_YOU);
        assertThat(fx.call(() -> canvas.find(chen.id()).orElseThrow().state())).isEqualTo(AgentState.IDLE);
        assertThat(fx.call(() -> canvas.find(chen.id()).orElseThrow().mark())).isEqualTo(AgentMark.NONE);
    }

    @Test
    void aRestoredConversationPausedBeforeAnAgentsTurnIsNotShownAsWaitingForYou() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        var firstMessage = Heard.latch(workspace.engine(), 1, event -> !Heard.messages(event).isEmpty());
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 6));
        heard(firstMessage);
        ConversationId id = workspace.engine().conversations().getFirst().id();
        workspace.engine().abort(id, dev.workshop.orchestration.AbortOutcome.INTERRUPT);
        loopsDone();
        assertThat(fx.call(() -> List.copyOf(canvas.links()))).isEmpty();
        workspace.engine().restore(id);
        ConversationState paused = workspace.engine().state(id).orElseThrow();
        assertThat(paused.status()).isEqualTo(ConversationStatus.WAITING);

        fx.run(() -> canvas.showAtLaunch(List.of(paused)));

        assertThat(fx.call(() -> List.copyOf(canvas.links()))).as("nothing is under way").isEmpty();
        assertThat(fx.call(() -> ada.mark())).isEqualTo(AgentMark.NONE);
        assertThat(fx.call(() -> bruno.mark())).isEqualTo(AgentMark.NONE);
    }

    @Test
    void agentsBeyondTheConcurrencyLimitAreMarkedQueuedUntilASlotFrees() throws Exception {
        reopenWithSlowReplies();
        List<List<AgentNodeModel>> pairs = new java.util.ArrayList<>();
        java.util.Set<ConversationId> queued = java.util.concurrent.ConcurrentHashMap.newKeySet();
        var queuedHeard = Heard.latch(workspace.engine(), 1, event -> Heard.news(event).flatMap(News::status)
                .filter(status -> status == ConversationStatus.QUEUED).isPresent() && queued.add(event.conversationId()));
        for (int i = 0; i < 4; i++) {
            List<AgentNodeModel> pair = List.of(place(ADA, i * 300, 0), place(BRUNO, i * 300 + 150, 0));
            pairs.add(pair);
            fx.run(() -> canvas.conversations().start(pair, "Name a dog", 4));
            assertThat(workspace.engine().conversations()).hasSize(pairs.size());
        }
        heard(queuedHeard);
        var slotFreed = Heard.latch(workspace.engine(), 1,
                event -> event instanceof LoopEvent.Started && queued.contains(event.conversationId()));
        assertThat(fx.call(() -> pairs.get(3).get(0).mark())).isEqualTo(AgentMark.QUEUED);
        assertThat(fx.call(() -> pairs.get(3).get(1).mark())).isEqualTo(AgentMark.QUEUED);
        assertThat(fx.call(() -> pairs.get(0).get(0).mark())).isEqualTo(AgentMark.NONE);

        ConversationId first = workspace.engine().conversations().stream()
                .filter(state -> state.status() == ConversationStatus.ACTIVE).findFirst().orElseThrow().id();
        workspace.engine().abort(first, dev.workshop.orchestration.AbortOutcome.COMPLETE);

        heard(slotFreed);
        assertThat(fx.call(() -> pairs.get(3).get(0).mark())).isEqualTo(AgentMark.NONE);
        assertThat(fx.call(() -> pairs.get(3).get(0).state())).isNotEqualTo(AgentState.IDLE);
    }

    @Test
    void theStateMachinesFollowTheConversationAndTheBubblesShowWhatWasSaid() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a cat", 4));

        loopsDone();
        assertThat(fx.call(() -> ada.state())).isEqualTo(AgentState.COOLDOWN);
        assertThat(fx.call(() -> bruno.state())).isEqualTo(AgentState.COOLDOWN);
        assertThat(triggersOf(ada)).containsSubsequence(AgentTrigger.CONVERSATION_START, AgentTrigger.TURN_START,
                AgentTrigger.TURN_END, AgentTrigger.OTHER_TURN_START, AgentTrigger.TURN_END, AgentTrigger.TURN_START,
                AgentTrigger.TURN_END, AgentTrigger.OTHER_TURN_START, AgentTrigger.TURN_END,
                AgentTrigger.CONVERSATION_END);
        assertThat(fx.call(() -> bruno.bubbleProperty().get())).isNotEmpty().hasSizeLessThanOrEqualTo(120);
        assertThat(fx.call(() -> List.copyOf(canvas.links()))).isEmpty();
        // Each bubble knows its message, so a click on it can open that message in the sidebar.
        ConversationId id = fx.call(() -> workspace.engine().conversations().getFirst().id());
        List<MessageRef> opened = new java.util.ArrayList<>();
        fx.run(() -> {
            canvas.waysOut().setOnOpenMessage(opened::add);
            canvas.waysOut().openBubble(bruno);
            canvas.waysOut().openBubble(ada);
        });
        assertThat(opened).containsExactly(new MessageRef(id, 3), new MessageRef(id, 2));

        fx.run(() -> canvas.advance(CanvasViewModel.COOLDOWN_SECONDS + 0.1));
        assertThat(ada.state()).isEqualTo(AgentState.IDLE);
        fx.run(() -> canvas.advance(CanvasViewModel.BUBBLE_SECONDS));
        assertThat(bruno.bubbleProperty().get()).isEmpty();
        // A bubble gone has nothing to open.
        fx.run(() -> canvas.waysOut().openBubble(bruno));
        assertThat(opened).hasSize(2);
    }

    @Test
    void whileAConversationRunsItIsLinkedOnTheCanvasWithTheSpeakerMarked() throws Exception {
        reopenWithSlowReplies();
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        var adaAsked = Heard.latch(workspace.engine(), 1, event -> !Heard.turnStarts(List.of(event)).isEmpty());
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 4));

        heard(adaAsked);
        assertThat(fx.call(() -> ada.state())).isEqualTo(AgentState.THINKING);
        assertThat(bruno.state()).isEqualTo(AgentState.READING);
        assertThat(fx.call(() -> List.copyOf(canvas.links()))).singleElement().satisfies(link -> {
            assertThat(link.participants()).containsExactly(ada.id(), bruno.id());
            assertThat(link.speaker()).contains(ada.id());
            assertThat(link.resumed()).isFalse();
        });
    }

    @Test
    void removingAnAgentThatIsTalkingEndsItsConversationAsCompletedWithTheReason() throws Exception {
        List<AgentNodeModel> talking = talkingPair();
        AgentNodeModel ada = talking.get(0);
        AgentNodeModel bruno = talking.get(1);
        var conversation = fx.call(() -> canvas.edits().conversationsOf(List.of(bruno))).iterator().next();

        fx.run(() -> canvas.edits().remove(List.of(bruno)));

        loopsDone();
        assertThat(workspace.engine().state(conversation).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(workspace.engine().state(conversation).orElseThrow().statusReason())
                .isEqualTo("Agent Bruno was removed from the canvas");
        assertThat(fx.call(() -> ada.state())).isEqualTo(AgentState.COOLDOWN);
        assertThat(fx.call(() -> canvas.noticeProperty().get())).contains("removed from the canvas");
    }

    @Test
    void undoNeverTakesOffAnAgentThatIsTalkingAndSaysWhy() throws Exception {
        AgentNodeModel bruno = talkingPair().get(1);

        assertThat(fx.call(() -> canvas.steps().undo())).isFalse();

        assertThat(fx.call(() -> canvas.find(bruno.id()))).isPresent();
        assertThat(fx.call(() -> canvas.noticeProperty().get()))
                .isEqualTo("Cannot undo \"add Bruno\": Bruno is in a running conversation. Stop it first.");
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Bruno");
    }

    /** Ada and Bruno placed and talking (replies take seconds): returns once their conversation's loop started. */
    private List<AgentNodeModel> talkingPair() throws InterruptedException {
        reopenWithSlowReplies();
        List<AgentNodeModel> pair = List.of(place(ADA, 0, 0), place(BRUNO, 200, 0));
        var started = Heard.latch(workspace.engine(), 1, LoopEvent.Started.class::isInstance);
        fx.run(() -> canvas.conversations().start(pair, "Name a dog", 6));
        heard(started);
        return pair;
    }
}
