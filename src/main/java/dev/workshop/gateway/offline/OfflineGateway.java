package dev.workshop.gateway.offline;

import dev.workshop.gateway.AgentGateway;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayRequest;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The built-in provider: no network, no model. Its replies are built from the agent's persona, the task,
 * the previous message and the turns left, are the same for the same (conversation, turn), and stream word
 * by word over {@code delayMillis}, so the canvas has something alive to show.
 */
public final class OfflineGateway implements AgentGateway {
    private static final List<String> OPENINGS = List.of(
            "Building on what %s said,", "I see it a little differently from %s:", "Picking up %s's point,",
            "To answer %s directly,", "Good point from %s; next,");
    private static final List<String> MOVES = List.of(
            "the first step is to agree on what done looks like.",
            "we should check the riskiest assumption before going further.",
            "a small experiment would tell us quickly whether this works.",
            "we should list who is affected and what each of them needs.",
            "we can split this into two parts and settle the easier one now.",
            "the cost matters less than how soon we learn something.",
            "we need one owner and a date for the next step.",
            "the simplest version that could work is the place to start.");
    private static final List<String> CLOSINGS = List.of(
            "Does that fit?", "What would you change?", "I can draft that next.", "Let us decide on that.");

    private final long delayMillis;

    public OfflineGateway(long delayMillis) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("The offline delay cannot be negative");
        }
        this.delayMillis = delayMillis;
    }

    @Override
    public GatewayReply reply(GatewayRequest request, Consumer<String> tokens) throws InterruptedException {
        long started = System.nanoTime();
        String text = compose(request);
        String[] words = text.split(" ");
        long pause = words.length == 0 ? 0 : delayMillis / words.length;
        StringBuilder streamed = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
            if (Thread.interrupted()) {
                throw new InterruptedException("The offline reply was cancelled");
            }
            if (pause > 0) {
                Thread.sleep(pause);
            }
            String token = i == 0 ? words[i] : " " + words[i];
            streamed.append(token);
            tokens.accept(token);
        }
        return new GatewayReply(streamed.toString(), "offline/" + request.agent().model(), request.prompt().user().length() / 4,
                words.length, Duration.ofNanos(System.nanoTime() - started));
    }

    /** Deterministic for a (conversation, turn): the seed comes from both. */
    static String compose(GatewayRequest request) {
        Random random = new Random(request.conversationId().value().hashCode() * 31L + request.turnIndex());
        String topic = topic(request.task());
        String name = request.agent().name();
        String trait = trait(request.agent().persona());
        if (request.prompt().lastTurn()) {
            // Written the way models write summaries: in Markdown, which the app renders.
            return name + " here, wrapping up **" + topic + "**. We agreed to:\n\n- start small\n- check the riskiest "
                    + "assumption first\n- review after the first result\n\nOpen question: *who owns the follow-up?*";
        }
        String opening = request.previousSpeaker().isEmpty()
                ? "Let me start on \"" + topic + "\". As " + trait + ", I think"
                : String.format(pick(OPENINGS, random), request.previousSpeaker()) + " as " + trait + " I think";
        int after = request.turnsRemaining() - 1;
        return opening + " " + pick(MOVES, random) + " " + after + (after == 1 ? " turn" : " turns")
                + " to go after this one. " + pick(CLOSINGS, random);
    }

    private static String topic(String task) {
        String clean = task.strip().replaceAll("\\s+", " ");
        return clean.length() > 60 ? clean.substring(0, 57) + "…" : clean;
    }

    private static String trait(String persona) {
        String clean = persona.strip();
        int comma = clean.indexOf(", a ");
        if (comma >= 0) {
            String rest = clean.substring(comma + 2);
            int end = rest.indexOf('.');
            return end > 0 ? rest.substring(0, end) : rest;
        }
        return "someone who wants this to work";
    }

    private static String pick(List<String> options, Random random) {
        return options.get(random.nextInt(options.size()));
    }
}
