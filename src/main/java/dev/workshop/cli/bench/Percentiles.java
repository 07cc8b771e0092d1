package dev.workshop.cli.bench;

import java.util.Arrays;

/** Latency figures from a set of samples in nanoseconds, reported in milliseconds. */
record Percentiles(double meanMs, double p50Ms, double p99Ms, double maxMs) {

    static Percentiles of(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElse(0);
        return new Percentiles(mean / 1e6, at(sorted, 0.50) / 1e6, at(sorted, 0.99) / 1e6,
                (sorted.length == 0 ? 0 : sorted[sorted.length - 1]) / 1e6);
    }

    /** Nearest-rank percentile. */
    private static long at(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(quantile * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** The median of {@code nanos}, in nanoseconds. */
    static double median(java.util.List<Long> nanos) {
        return Percentiles.of(nanos.stream().mapToLong(Long::longValue).toArray()).p50Ms() * 1e6;
    }

    static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
