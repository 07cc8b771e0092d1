package dev.workshop.cli.subcommands;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The subcommands of a command, of which picocli is given only the one the arguments name.
 *
 * <p>Picocli builds a command's whole model by reflection when the command is added. Building every command
 * of {@code workshop} cost each start some 30 ms, and the JIT was still compiling that start-up code while
 * the chosen command did its real work: a restore of 10 000 messages shared the two cores with it. An
 * invocation that names no known subcommand (help, a typo) gets all of them, so help lists every command and
 * picocli can suggest the nearest name; one that holds nothing but options with their values (the desktop
 * app: {@link #noneNeeded}) gets none.
 */
public final class Subcommands {
    /** A subcommand's name, as its {@code @Command} annotation gives it, and its class. */
    public record Entry(String name, Class<?> type) {
    }

    /** A command whose subcommands are added on demand. */
    public interface Group {
        Subcommands subcommands();
    }

    private final List<Entry> entries;

    public Subcommands(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    /**
     * Adds to {@code command} the subcommand named in {@code args} from index {@code from} on (or all of them
     * when none is named), and does the same one level down for a subcommand that is itself a {@link Group}.
     */
    public void addTo(CommandLine command, String[] args, int from) {
        int at = firstPositional(command.getCommandSpec(), args, from);
        Entry named = at < 0 ? null : find(args[at]);
        for (Entry entry : entries) {
            if (named == null || entry == named) {
                command.addSubcommand(entry.name(), entry.type());
                CommandLine added = command.getSubcommands().get(entry.name());
                if (added.getCommand() instanceof Group group) {
                    group.subcommands().addTo(added, args, named == null ? args.length : at + 1);
                }
            }
        }
    }

    /**
     * True when {@code args} hold nothing but options of {@code spec} that take a value, each with its value, and
     * perhaps the version option (or nothing at all): the command runs itself or prints its version, asks for no
     * help and names no subcommand, so none needs to be built. {@code workshop --data-dir DIR} opens the desktop
     * app, and building every command first took ~0.2 s of its cold start on a two-core machine
     * (docs/perf.md). Anything else (help, an unknown option, a word, {@code --}) is left to {@link #addTo}.
     */
    public static boolean noneNeeded(CommandSpec spec, String[] args) {
        int i = 0;
        while (i < args.length) {
            OptionSpec option = optionOf(spec, args[i]);
            if (option == null || option.usageHelp() || (option.arity().max() == 0 && !option.versionHelp())) {
                return false;
            }
            i += valueFollows(option, args[i]) ? 2 : 1;
        }
        return true;
    }

    private Entry find(String name) {
        for (Entry entry : entries) {
            if (entry.name().equals(name)) {
                return entry;
            }
        }
        return null;
    }

    /** Index of the first argument that is neither one of the command's options nor such an option's value. */
    private static int firstPositional(CommandSpec spec, String[] args, int from) {
        int i = from;
        while (i < args.length) {
            String arg = args[i];
            if (arg.equals("--")) {
                return -1;
            }
            if (!arg.startsWith("-")) {
                return i;
            }
            i += valueFollows(optionOf(spec, arg), arg) ? 2 : 1;
        }
        return -1;
    }

    /** The option {@code arg} names, alone or as {@code --name=value}; null for a word, {@code --}, an unknown one. */
    private static OptionSpec optionOf(CommandSpec spec, String arg) {
        if (!arg.startsWith("-") || arg.equals("--")) {
            return null;
        }
        int equals = arg.indexOf('=');
        return spec.findOption(equals < 0 ? arg : arg.substring(0, equals));
    }

    /** Whether the argument after {@code arg} is its option's value (not so for {@code --name=value}). */
    private static boolean valueFollows(OptionSpec option, String arg) {
        return option != null && option.arity().max() > 0 && arg.indexOf('=') < 0;
    }
}
