package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** How many bytes of a closed journal hold records (the preallocated zeros after them not counted). */
public final class JournalFootprint {
    private JournalFootprint() {
    }

    public static long usedBytes(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        List<Long> segments = SegmentFiles.list(directory);
        long used = 0;
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            used += SegmentScanner.scan(SegmentFiles.path(directory, segment), segment, i == segments.size() - 1,
                    Long.MAX_VALUE, record -> { }).dataEnd();
        }
        return used;
    }
}
