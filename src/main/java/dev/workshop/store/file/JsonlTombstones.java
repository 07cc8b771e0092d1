package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.store.StoreException;
import dev.workshop.store.Tombstones;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tombstones as {@code erased.jsonl} in the data directory: a line when a subject is erased, another when its
 * scrub is done, each forced to the disk before the call returns; never rewritten, never shortened but for a line a
 * crash cut off (no newline after it), which was never acknowledged. Subjects are keyed with the audit trail's key.
 */
public final class JsonlTombstones implements Tombstones {
    public static final String FILE = "erased.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final SubjectKey key;
    private final Map<String, Instant> erased = new LinkedHashMap<>();
    private final Set<String> scrubbed = new LinkedHashSet<>();
    /** Each id's verdict once asked (an append asks every time, and a keyed hash is not free); under this lock. */
    private final Map<String, Optional<Instant>> verdicts = new HashMap<>();
    /** Whether anything was ever erased here: while not, an append asks nothing more (most data directories). */
    private volatile boolean anyErased;

    public JsonlTombstones(Path dataDirectory) {
        this.file = dataDirectory.resolve(FILE);
        try {
            this.key = SubjectKey.of(dataDirectory);
            JsonLines.cutTornEnd(file);
            if (Files.exists(file)) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    try {
                        read(line);
                    } catch (IOException | RuntimeException damaged) {
                        // A line damaged on the disk: the others still hold.
                    }
                }
            }
            anyErased = !erased.isEmpty();
        } catch (IOException e) {
            throw new StoreException("Cannot read the erased conversations' tombstones in " + file + ": "
                    + e.getMessage(), e);
        }
    }

    private void read(String line) throws IOException {
        JsonNode node = JSON.readTree(line);
        String subject = node.path("subject").asText("");
        if (subject.isEmpty()) {
            throw new IOException("a line names no conversation");
        }
        if (node.hasNonNull("erased_at")) {
            erased.putIfAbsent(subject, Instant.parse(node.get("erased_at").asText()));
        }
        if (node.hasNonNull("scrubbed_at")) {
            scrubbed.add(subject);
        }
    }

    @Override
    public Optional<Instant> erasedOn(String conversationId) {
        if (!anyErased) {
            return Optional.empty();
        }
        synchronized (this) {
            return verdicts.computeIfAbsent(conversationId, id -> Optional.ofNullable(erased.get(key.subjectOf(id))));
        }
    }

    @Override
    public synchronized void add(Collection<String> conversationIds, Instant at) {
        StringBuilder lines = new StringBuilder();
        Map<String, Instant> added = new HashMap<>();
        for (String id : conversationIds) {
            String subject = key.subjectOf(id);
            if (!erased.containsKey(subject) && !added.containsKey(subject)) {
                added.put(subject, at);
                lines.append(JSON.createObjectNode().put("subject", subject).put("erased_at", at.toString()))
                        .append('\n');
            }
        }
        append(lines.toString());
        erased.putAll(added);
        verdicts.clear();
        anyErased = !erased.isEmpty();
    }

    @Override
    public synchronized Set<String> notYetScrubbed() {
        Set<String> open = new LinkedHashSet<>(erased.keySet());
        open.removeAll(scrubbed);
        return open;
    }

    @Override
    public synchronized Set<String> subjects() {
        return Set.copyOf(erased.keySet());
    }

    @Override
    public synchronized void scrubbed(Collection<String> subjects, Instant at) {
        StringBuilder lines = new StringBuilder();
        for (String subject : subjects) {
            if (erased.containsKey(subject) && !scrubbed.contains(subject)) {
                lines.append(JSON.createObjectNode().put("subject", subject).put("scrubbed_at", at.toString()))
                        .append('\n');
            }
        }
        append(lines.toString());
        scrubbed.addAll(subjects);
    }

    private void append(String lines) {
        if (lines.isEmpty()) {
            return;
        }
        try {
            JsonLines.append(file, lines);
        } catch (IOException e) {
            throw new StoreException("Cannot write the erased conversations' tombstones in " + file + ": "
                    + e.getMessage() + "; nothing was erased", e);
        }
    }
}
