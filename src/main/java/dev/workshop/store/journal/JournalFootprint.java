package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How many bytes a closed journal takes: its records and the indexes saved beside them (a segment's
 * preallocated zeros after its records not counted, nor the next segment made ready in advance).
 */
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
        for (String index : new String[] {CleanClose.FILE, Checkpoints.FILE}) {
            Path file = directory.resolve(index);
            if (Files.exists(file)) {
                used += Files.size(file);
            }
        }
        return used;
    }
}
