package dev.workshop.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version Maven wrote into {@code dev/workshop/version.properties} at build time. */
public final class VersionProvider implements IVersionProvider {
    public static String version() {
        return dev.workshop.session.ProducerVersion.current();
    }

    @Override
    public String[] getVersion() {
        return new String[] {"workshop " + version() + " (Java " + Runtime.version() + ")"};
    }
}
