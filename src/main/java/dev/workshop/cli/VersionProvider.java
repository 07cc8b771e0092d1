package dev.workshop.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** Reads the version Maven wrote into {@code dev/workshop/version.properties} at build time. */
public final class VersionProvider implements IVersionProvider {
    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dev/workshop/version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"workshop " + version() + " (Java " + Runtime.version() + ")"};
    }
}
