package dev.workshop.cli.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Starts a hidden benchmark command in a JVM of its own, with the same Java and class path as this one. */
final class ChildJvm {
    private static final String MAIN_CLASS = "dev.workshop.Main";

    private ChildJvm() {
    }

    /** Its standard output is for the caller to read; what it prints on standard error shows as this JVM's. */
    static Process start(List<String> jvmOptions, List<String> arguments) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MAIN_CLASS));
        command.addAll(arguments);
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
