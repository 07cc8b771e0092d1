package dev.workshop.gateway.offline;

import dev.workshop.domain.conversation.Participant;
import dev.workshop.gateway.AgentGateway;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.ReplyListener;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The built-in provider: no network, no model. Its replies are built from the agent's persona, the task,
 * the previous message (the user's words quoted, another agent's point taken up) and the turns left, are the same for the same (conversation, turn), and stream word
 * by word over {@code delayMillis}, so the canvas has something alive to show. The reply takes that delay
 * whatever its length.
 */
public final class OfflineGateway implements AgentGateway {
    private static final List<String> OPENINGS = List.of(
            "Building on what %s said,", "I see it a little differently from %s:", "Picking up %s's point,",
            "To answer %s directly,", "Good point from %s; next,");
    /** Answers to another agent's point, {@code {who}} and {@code {point}} filled in: they read what was said. */
    private static final List<String> ANSWERS = List.of(
            "Picking up {who}'s point that {point},", "{who} says {point}; I see it a little differently:",
            "Good point from {who} that {point}; next,", "Agreed with {who} that {point}. Beyond that,");
    /** Answers to the user, quoting them ({@code {quote}}): a demo should show it heard what they wrote. */
    private static final List<String> TO_YOU = List.of(
            "On your \"{quote}\":", "You wrote \"{quote}\", and", "Thanks for \"{quote}\";");
    private static final String TO_YOUR_QUESTION = "To your question \"{quote}\":";
    private static final List<String> OWN_OPENINGS = List.of(
            "Going on from my last point,", "One step further:", "Next,", "Looking at it again,");
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

    /**
     * The shortest time between two bursts of words. A model streams some tens of tokens a second; a timer
     * for every word of every reply (a thousand conversations with a short delay) would cost the machine
     * more than the loops themselves, and no screen shows words faster than this anyway.
     */
    static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /** Waits until a {@link System#nanoTime()} deadline; a test can put a clock of its own in its place. */
    interface Pacer {
        long nanoTime();

        void sleepUntil(long deadlineNanos) throws InterruptedException;
    }

    private static final Pacer SYSTEM_CLOCK = new Pacer() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            // Sleeps can end early (a spurious wake-up of a virtual thread), so the deadline is checked again.
            for (long left = deadlineNanos - System.nanoTime(); left > 0; left = deadlineNanos - System.nanoTime()) {
                Thread.sleep(Duration.ofNanos(left));
            }
        }
    };

    /** Changed while replies stream (the app's settings): a reply takes the value it read when it began. */
    private volatile long delayNanos;
    private final Pacer pacer;

    public OfflineGateway(long delayMillis) {
        this(delayMillis, SYSTEM_CLOCK);
    }

    OfflineGateway(long delayMillis, Pacer pacer) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("The offline delay cannot be negative");
        }
        this.delayNanos = TimeUnit.MILLISECONDS.toNanos(delayMillis);
        this.pacer = pacer;
    }

    /** How long each reply from now on takes to stream. */
    public void setDelayMillis(long delayMillis) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("The offline delay cannot be negative");
        }
        this.delayNanos = TimeUnit.MILLISECONDS.toNanos(delayMillis);
    }

    /**
     * Streams the reply in evenly spaced bursts that end exactly {@code delayMillis} after the call. Each burst
     * waits for its own deadline, counted from the start, so a late wake-up delays one burst, not all those
     * after it.
     */
    @Override
    public GatewayReply reply(GatewayRequest request, ReplyListener tokens) throws InterruptedException {
        long started = pacer.nanoTime();
        String text = compose(request);
        String[] words = text.split(" ");
        long delay = delayNanos;
        int bursts = (int) Math.max(1, Math.min(words.length, delay / MIN_TICK_NANOS));
        StringBuilder streamed = new StringBuilder();
        int sent = 0;
        for (int burst = 1; burst <= bursts; burst++) {
            if (Thread.interrupted()) {
                throw new InterruptedException("The offline reply was cancelled");
            }
            pacer.sleepUntil(started + delay * burst / bursts);
            for (int upTo = words.length * burst / bursts; sent < upTo; sent++) {
                String token = sent == 0 ? words[sent] : " " + words[sent];
                streamed.append(token);
                tokens.accept(token);
            }
        }
        return new GatewayReply(streamed.toString(), "offline/" + request.agent().model(), request.prompt().user().length() / 4,
                words.length, Duration.ofNanos(pacer.nanoTime() - started));
    }

    /** Deterministic for a (conversation, turn): the seed comes from both. */
    static String compose(GatewayRequest request) {
        // SplittableRandom mixes its seed: java.util.Random's first draw barely moves between neighbouring seeds,
        // so with it every turn of a conversation had opened with the same words of a four-word list.
        SplittableRandom random = new SplittableRandom(
                request.conversationId().value().hashCode() * 31L + request.turnIndex());
        String topic = topic(request.task());
        String name = request.agent().name();
        String trait = trait(request.agent().persona());
        if (request.prompt().lastTurn()) {
            // Written the way models write summaries: in Markdown, which the app renders.
            return name + " here, wrapping up **" + topic + "**. We agreed to:\n\n- start small\n- check the riskiest "
                    + "assumption first\n- review after the first result\n\nOpen question: *who owns the follow-up?*"
                    + OfflineActs.markers(request, "we agreed to start small on " + topic);
        }
        String opening;
        if (request.previousSpeaker().isEmpty()) {
            opening = "Let me start on \"" + topic + "\". As " + trait + ", I think";
        } else if (request.previousSpeaker().equals(name)) {
            // An agent working alone (a task) goes on from itself rather than answer itself by name.
            opening = pick(OWN_OPENINGS, random) + " as " + trait + " I think";
        } else {
            opening = answering(request.previousSpeaker(), request.previousMessage(), random) + " as " + trait + " I think";
        }
        String move = pick(MOVES, random);
        // Not the point just made: agreeing with it and then making it again reads like an echo.
        while (request.previousMessage().contains(move)) {
            move = pick(MOVES, random);
        }
        int after = request.turnsRemaining() - 1;
        String reply = opening + " " + move + " " + after + (after == 1 ? " turn" : " turns") + " to go after this one. "
                + pick(CLOSINGS, random) + OfflineActs.markers(request, move.substring(0, move.length() - 1));
        // Every agent heeds the rulebook; saying so at every turn would drown what they say: every third turn does.
        String heeding = request.turnIndex() % 3 == 0 ? OfflineActs.heeding(request.environment()) : "";
        return heeding.isEmpty() ? reply : heeding + Character.toLowerCase(reply.charAt(0)) + reply.substring(1);
    }

    /**
     * The opening of an answer to the previous message: the user's words quoted, another agent's point taken
     * up (when it is one of the points an offline agent makes), else a plain opening naming who spoke.
     */
    private static String answering(String previousSpeaker, String previousMessage, SplittableRandom random) {
        if (previousSpeaker.equals(Participant.you().name())) {
            String quote = quote(previousMessage);
            if (quote.isEmpty()) {
                return addressing(pick(OPENINGS, random), previousSpeaker);
            }
            String template = quote.endsWith("?") ? TO_YOUR_QUESTION : pick(TO_YOU, random);
            return template.replace("{quote}", quote);
        }
        for (String move : MOVES) {
            if (previousMessage.contains(move)) {
                String point = move.substring(0, move.length() - 1);
                return pick(ANSWERS, random).replace("{who}", previousSpeaker).replace("{point}", point);
            }
        }
        return addressing(pick(OPENINGS, random), previousSpeaker);
    }

    /** The first sentence of what the user wrote, on one line and at most 60 characters, without its full stop. */
    private static String quote(String message) {
        String clean = message.strip().replaceAll("\\s+", " ");
        int end = clean.length();
        for (int i = 0; i < clean.length() - 1; i++) {
            char c = clean.charAt(i);
            if ((c == '.' || c == '!' || c == '?') && clean.charAt(i + 1) == ' ') {
                end = i + 1;
                break;
            }
        }
        String sentence = clean.substring(0, end);
        if (sentence.endsWith(".")) {
            sentence = sentence.substring(0, sentence.length() - 1);
        }
        return sentence.length() > 60 ? sentence.substring(0, 57).strip() + "…" : sentence;
    }

    /** The opening with the previous speaker's name, or "you" and "your" when that was the user. */
    private static String addressing(String opening, String previousSpeaker) {
        if (previousSpeaker.equals(Participant.you().name())) {
            return opening.replace("%s's", "your").replace("%s", "you");
        }
        return String.format(opening, previousSpeaker);
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

    private static String pick(List<String> options, SplittableRandom random) {
        return options.get(random.nextInt(options.size()));
    }
}
