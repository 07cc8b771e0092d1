package dev.workshop.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class that starts other JVMs, a PostgreSQL server or a windowed app, or runs for many seconds: left out
 * of the fast lane ({@code ./mvnw test -DexcludedGroups=slow}, README), always run by {@code ./mvnw verify}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("slow")
public @interface Slow {
}
