package dev.workshop.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompilerWatchTest {
    private final CompilerWatch watch = new CompilerWatch(0.05);

    @Test
    void runsNoMoreRoundsThanAllowedAndAtLeastTwoWhenAllowed() throws Exception {
        List<Integer> none = new ArrayList<>();
        List<Integer> one = new ArrayList<>();
        List<Integer> some = new ArrayList<>();

        assertThat(watch.warmUp(0, none::add)).isZero();
        assertThat(watch.warmUp(1, one::add)).isEqualTo(1);
        int rounds = watch.warmUp(5, some::add);

        assertThat(none).as("0 measures a cold JVM").isEmpty();
        assertThat(one).containsExactly(0);
        assertThat(rounds).isBetween(2, 5);
        assertThat(some).as("each round told its index, in order").hasSize(rounds)
                .isEqualTo(java.util.stream.IntStream.range(0, rounds).boxed().toList());
    }
}
