package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The segments as a saved index describes them (number, size, modification time), and the checks that tell
 * whether they are still so: an index is trusted only for segments nobody has touched since it was saved.
 */
final class SegmentListing {
    record Segment(long number, long size, long modifiedNanos) {
    }

    private SegmentListing() {
    }

    static List<Segment> describe(Path directory) throws IOException {
        return describeBefore(directory, Long.MAX_VALUE);
    }

    static List<Segment> describeBefore(Path directory, long segment) throws IOException {
        List<Segment> segments = new ArrayList<>();
        for (long number : SegmentFiles.list(directory)) {
            if (number >= segment) {
                continue;
            }
            BasicFileAttributes attributes = Files.readAttributes(SegmentFiles.path(directory, number),
                    BasicFileAttributes.class);
            segments.add(new Segment(number, attributes.size(), attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS)));
        }
        return segments;
    }

    /** Those of {@code segments} numbered below {@code segment}; the list is in segment order. */
    static List<Segment> before(List<Segment> segments, long segment) {
        int end = 0;
        while (end < segments.size() && segments.get(end).number() < segment) {
            end++;
        }
        return segments.subList(0, end);
    }

    /** Compared field by field: a record's generated {@code equals} is slow the first time it runs. */
    static boolean unchanged(List<Segment> saved, List<Segment> now) {
        if (saved.size() != now.size()) {
            return false;
        }
        for (int i = 0; i < saved.size(); i++) {
            Segment was = saved.get(i);
            Segment is = now.get(i);
            if (was.number() != is.number() || was.size() != is.size() || was.modifiedNanos() != is.modifiedNanos()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the segment an index ends in still holds at least {@code end}, under a sound header: the open
     * scans that segment from the index's end on, and a segment whose header is bad is scanned whole instead.
     */
    static boolean holds(Path directory, JournalPosition end) throws IOException {
        Path file = SegmentFiles.path(directory, end.segment());
        if (!Files.exists(file) || Files.size(file) < end.offset()) {
            return false;
        }
        byte[] header;
        try (var in = Files.newInputStream(file)) {
            header = in.readNBytes(RecordFormat.SEGMENT_HEADER_BYTES);
        }
        ByteBuffer fields = ByteBuffer.wrap(header);
        return header.length == RecordFormat.SEGMENT_HEADER_BYTES && fields.getLong(0) == RecordFormat.SEGMENT_MAGIC
                && fields.getLong(8) == end.segment();
    }
}
