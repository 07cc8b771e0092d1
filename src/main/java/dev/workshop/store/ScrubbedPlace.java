package dev.workshop.store;

import java.util.Map;
import java.util.function.Predicate;

/**
 * A place where Workshop keeps copies of conversations, which an erase scrubs (docs/decisions/0031). Scrubbing
 * twice is harmless: the second finds nothing more to take out.
 */
@FunctionalInterface
public interface ScrubbedPlace {
    /**
     * Takes out every copy of the conversations {@code erased} names by id; how much went, by what it was.
     *
     * @throws StoreException when the place cannot be scrubbed; what was taken out stays out
     */
    Map<String, Long> scrub(Predicate<String> erased);

    /** What copies this place leaves where no erase reaches, in words for the receipt. */
    default java.util.List<String> notReached() {
        return java.util.List.of();
    }
}
