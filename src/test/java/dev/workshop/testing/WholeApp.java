package dev.workshop.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test of the whole app — the shell opened on a data directory as a launch does, or the app in a child JVM —
 * rather than of one part: like the view tests (TestFX), it may wait for what the app does in its own time
 * (Awaitility). A part's test builds the part with direct executors and asserts on the next line instead
 * ({@code ArchitectureTest.onlyViewAndAppTestsWaitWithAwaitility}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface WholeApp {
}
