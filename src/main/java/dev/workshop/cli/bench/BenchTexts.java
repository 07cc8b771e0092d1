package dev.workshop.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Message texts for the benchmarks: sentences of common words in a fixed pseudo-random order, so that every
 * run stores the same bytes, and each text differs from the others as real messages do. (One sentence repeated
 * compresses to almost nothing, which would make the stored bytes look far better than they are.)
 */
final class BenchTexts {
    private static final String[] WORDS = ("the plan should keep a small budget for travel and leave time to "
            + "review each step with the team before we decide which option gives users the most value while "
            + "costs stay low we could also test a second idea next week if the first one fails because the data "
            + "shows mixed results so far I suggest that we write down what we learned and share it with everyone "
            + "who joins later").split(" ");

    private BenchTexts() {
    }

    /** {@code count} texts of exactly {@code bytes} ASCII characters each. */
    static List<String> of(int bytes, int count) {
        Random random = new Random(20261122L);
        List<String> texts = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            StringBuilder text = new StringBuilder(bytes + 16);
            boolean sentenceStart = true;
            while (text.length() < bytes) {
                String word = WORDS[random.nextInt(WORDS.length)];
                text.append(sentenceStart ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word);
                sentenceStart = random.nextInt(12) == 0;
                text.append(sentenceStart ? ". " : " ");
            }
            texts.add(text.substring(0, bytes));
        }
        return List.copyOf(texts);
    }
}
