package dev.workshop.cli;

import dev.workshop.orchestration.Workspace;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** A command that runs conversation loops: it takes the loop options and prints the loops' events as JSON lines. */
abstract class LoopCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Mixin
    private LoopOptions loop;

    /** Opens the data directory with this command's loop options; the caller closes it. */
    final Workspace openForLoops() {
        return Cli.openForLoops(workshop, spec, loop);
    }

    final WorkshopCommand workshop() {
        return workshop;
    }

    final CommandSpec spec() {
        return spec;
    }

    /**
     * Waits for the conversation's loop to end: its exit code, OK when it completed or waits for the user (their
     * turn, or their word on a tool call), else that it did not complete.
     */
    static int ranOn(dev.workshop.orchestration.ConversationEngine engine, dev.workshop.domain.conversation.ConversationId id)
            throws InterruptedException {
        engine.awaitAll();
        dev.workshop.domain.conversation.ConversationStatus status = dev.workshop.domain.conversation.Lifecycle.shown(
                engine.state(id).orElseThrow());
        return status == dev.workshop.domain.conversation.ConversationStatus.COMPLETED
                || status == dev.workshop.domain.conversation.ConversationStatus.WAITING ? ExitCode.OK
                : ExitCode.CONVERSATION_NOT_COMPLETED;
    }
}
