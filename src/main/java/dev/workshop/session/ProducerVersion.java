package dev.workshop.session;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** This Workshop's version, as Maven wrote it into {@code dev/workshop/version.properties} at build time. */
public final class ProducerVersion {
    private ProducerVersion() {
    }

    public static String current() {
        try (InputStream in = ProducerVersion.class.getResourceAsStream("/dev/workshop/version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
