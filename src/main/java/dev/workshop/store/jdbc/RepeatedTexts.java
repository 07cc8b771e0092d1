package dev.workshop.store.jdbc;

import dev.workshop.domain.agent.AgentId;
import java.time.Instant;
import java.util.Arrays;

/**
 * What repeats from record to record of the same history, decoded once: speaker ids and names, model names,
 * and the time of events written in the same millisecond. A history read back cold allocates every byte on
 * pages the JVM has not touched yet, and what it keeps is copied by the first young collection: each object
 * it does not make saves both.
 */
final class RepeatedTexts {
    private static final int KEPT = 16;
    private final byte[][] encoded = new byte[KEPT][];
    private final String[] decoded = new String[KEPT];
    private final AgentId[] agents = new AgentId[KEPT];
    private int next;
    private Instant lastInstant = Instant.EPOCH;

    Instant instant(long epochMilli) {
        if (lastInstant.toEpochMilli() != epochMilli) {
            lastInstant = Instant.ofEpochMilli(epochMilli);
        }
        return lastInstant;
    }

    String text(RecordReader in) {
        return decoded[slot(in)];
    }

    AgentId agent(RecordReader in) {
        int slot = slot(in);
        if (agents[slot] == null) {
            agents[slot] = new AgentId(decoded[slot]);
        }
        return agents[slot];
    }

    private int slot(RecordReader in) {
        for (int i = 0; i < KEPT && encoded[i] != null; i++) {
            if (in.skipEncoded(encoded[i])) {
                return i;
            }
        }
        int start = in.at;
        String value = in.text();
        int slot = next;
        next = (next + 1) % KEPT;
        encoded[slot] = Arrays.copyOfRange(in.bytes, start, in.at);
        decoded[slot] = value;
        agents[slot] = null;
        return slot;
    }
}
