package dev.workshop.cli.bench;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Runs a benchmark's load unmeasured until the JIT has compiled what it runs: until a round in which compiling
 * took under a given share of the round's time. Measured before that, a figure is the compiler's as much as the
 * code's: the store's first 10 000 appends run beside two seconds of C2 compiling H2 and the journal, and its
 * threads take the appenders' cores (docs/perf.md). A Workshop that has run for a while is past that.
 */
final class CompilerWatch {
    private static final int MIN_ROUNDS = 2;
    /** Warm-up ends once compiling took under this share of a round's time. */
    private final double quietShare;
    private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    // A JVM that cannot say how long it compiled gets the minimum of warm-up rounds.
    private final boolean known = compiler != null && compiler.isCompilationTimeMonitoringSupported();

    CompilerWatch(double quietShare) {
        this.quietShare = quietShare;
    }

    /** One round of the load; {@code index} counts from 0, so each round can work in a directory of its own. */
    interface Round {
        void run(int index) throws IOException, InterruptedException;
    }

    /**
     * Runs rounds until the JIT is quiet: at least two (so that the second round shows what the first left to
     * compile) and at most {@code maxRounds}, which may be fewer. Returns how many ran.
     */
    int warmUp(int maxRounds, Round round) throws IOException, InterruptedException {
        int rounds = 0;
        boolean compiling = true;
        while (compiling && rounds < maxRounds) {
            long compiledBefore = compiledMillis();
            long started = System.nanoTime();
            round.run(rounds);
            rounds++;
            long roundMillis = (System.nanoTime() - started) / 1_000_000;
            compiling = rounds < MIN_ROUNDS || known && compiledMillis() - compiledBefore > roundMillis * quietShare;
        }
        return rounds;
    }

    /** The compiler threads' time so far (0 where the JVM does not tell), to report what fell inside a measurement. */
    long compiledMillis() {
        return known ? compiler.getTotalCompilationTime() : 0;
    }
}
