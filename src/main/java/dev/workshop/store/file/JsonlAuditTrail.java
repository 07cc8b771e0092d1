package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.audit.AuditChain;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.store.AuditTrail;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The audit trail as {@code audit.jsonl} in the data directory, one entry a line, each written and forced to disk
 * before the next; its key ({@code audit.key}, readable by its owner only) keys the hashes that stand for
 * conversations' ids. A line a crash cut off (no newline after it) was never recorded: it is cut away at open.
 */
public final class JsonlAuditTrail implements AuditTrail {
    static final String FILE = "audit.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final SubjectKey key;
    private long last;
    private String lastHash = "";

    public JsonlAuditTrail(Path dataDirectory) {
        this.file = dataDirectory.resolve(FILE);
        try {
            this.key = SubjectKey.of(dataDirectory);
            JsonLines.cutTornEnd(file);
            for (AuditEntry entry : entries()) {
                last = entry.number();
                lastHash = entry.hash();
            }
        } catch (IOException e) {
            throw new StoreException("Cannot open the audit trail in " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void record(AuditEntry draft) {
        AuditEntry sealed = draft.sealed(last + 1, draft.conversation().map(this::keyedHash).orElse(draft.subject()), lastHash,
                AuditChain::sha256);
        try {
            JsonLines.append(file, json(sealed) + "\n");
        } catch (IOException e) {
            throw new StoreException("Cannot write the audit trail in " + file + ": " + e.getMessage(), e);
        }
        last = sealed.number();
        lastHash = sealed.hash();
    }

    @Override
    public synchronized List<AuditEntry> read(Optional<String> conversation, Optional<Instant> since) {
        // An erased conversation's entries keep only its keyed hash: found by that.
        Optional<String> subject = conversation.map(this::keyedHash);
        try {
            return entries().stream()
                    .filter(entry -> conversation.isEmpty() || entry.conversation().equals(conversation)
                            || subject.get().equals(entry.subject()))
                    .filter(entry -> since.isEmpty() || !entry.at().isBefore(since.get())).toList();
        } catch (IOException e) {
            throw new StoreException("Cannot read the audit trail in " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized Verification verify() {
        List<String> lines;
        try {
            lines = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return new Verification(0, Optional.of("the audit trail cannot be read: " + e.getMessage()));
        }
        List<AuditEntry> entries = new ArrayList<>();
        for (int at = 0; at < lines.size(); at++) {
            try {
                entries.add(entry(JSON.readTree(lines.get(at))));
            } catch (IOException | RuntimeException unreadable) {
                return new Verification(at, Optional.of("line " + (at + 1) + " is not an entry"));
            }
        }
        Optional<String> broken = AuditChain.firstBreak(entries, this::keyedHash);
        if (broken.isPresent()) {
            return new Verification(entries.size(), broken);
        }
        return new Verification(lines.size(), Optional.empty());
    }

    /**
     * Takes the ids of these subjects' conversations out of their entries (an erase): the file is written anew
     * beside the old one and renamed over it; the chain still verifies, as the hashes never covered the ids.
     */
    @Override
    public synchronized int forget(java.util.Collection<String> subjects) {
        try {
            List<String> lines = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
            StringBuilder kept = new StringBuilder();
            int blanked = 0;
            for (String line : lines) {
                JsonNode node = readable(line);
                if (node != null && node.hasNonNull("conversation") && subjects.contains(node.path("subject").asText())) {
                    ((ObjectNode) node).putNull("conversation");
                    line = node.toString();
                    blanked++;
                }
                kept.append(line).append('\n');
            }
            if (blanked > 0) {
                AtomicFile.write(file, kept.toString().getBytes(StandardCharsets.UTF_8));
            }
            return blanked;
        } catch (IOException e) {
            throw new StoreException("Cannot take erased conversations out of the audit trail in " + file + ": "
                    + e.getMessage(), e);
        }
    }

    /** A line as JSON, or null for a damaged one (kept as it is: verify names it). */
    private static JsonNode readable(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException | RuntimeException damaged) {
            return null;
        }
    }

    @Override
    public String keyedHash(String conversationId) {
        return key.subjectOf(conversationId);
    }

    @Override
    public void close() {
        // Nothing is held open between entries.
    }

    private List<AuditEntry> entries() throws IOException {
        List<AuditEntry> entries = new ArrayList<>();
        if (!Files.exists(file)) {
            return entries;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            try {
                entries.add(entry(JSON.readTree(line)));
            } catch (IOException | RuntimeException unreadable) {
                // A damaged line: verify names it; reading goes on with the others.
            }
        }
        return entries;
    }

    private static String json(AuditEntry entry) {
        ObjectNode node = JSON.createObjectNode().put("number", entry.number()).put("at", entry.at().toString())
                .put("device", entry.device()).put("member", entry.member()).put("action", entry.action().wireName());
        entry.conversation().ifPresentOrElse(id -> node.put("conversation", id), () -> node.putNull("conversation"));
        node.put("subject", entry.subject()).put("detail", entry.detail());
        ObjectNode counts = node.putObject("counts");
        entry.counts().forEach(counts::put);
        return node.put("previous", entry.previous()).put("hash", entry.hash()).toString();
    }

    private static AuditEntry entry(JsonNode node) {
        Map<String, Long> counts = new LinkedHashMap<>();
        node.path("counts").properties().forEach(count -> counts.put(count.getKey(), count.getValue().asLong()));
        return new AuditEntry(node.path("number").asLong(), Instant.parse(node.path("at").asText()),
                node.path("device").asText(""), node.path("member").asText(""),
                AuditAction.fromWireName(node.path("action").asText()),
                node.hasNonNull("conversation") ? Optional.of(node.get("conversation").asText()) : Optional.empty(),
                node.path("subject").asText(""), node.path("detail").asText(""), counts,
                node.path("previous").asText(""), node.path("hash").asText(""));
    }
}
