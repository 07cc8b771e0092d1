package dev.workshop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Workshop in a locale that is not UTF-8 ({@code LANG=C} in services, containers and cron). The JVM decodes its
 * arguments and every file name with the locale's charset: under {@code C} a prompt "Café ☕" arrives as
 * "Caf��" and a title "Café" cannot be a file name at all. No system property changes that once the JVM runs
 * ({@code sun.jnu.encoding} is read-only), so the launcher starts the same Java again under {@code C.UTF-8},
 * handing it the arguments as they were typed: read as bytes from {@code /proc/self/cmdline} and passed in an
 * ASCII-only variable, since the old locale would mangle them again on the way. Java 8 API only (see Launcher).
 */
final class LocaleRelaunch {
    /** The arguments, as UTF-8 in Base64, for the Java that the launcher starts: "count,arg,arg…". */
    static final String ARGUMENTS = "WORKSHOP_ARGV";
    static final String UTF8_LOCALE = "C.UTF-8";

    private LocaleRelaunch() {
    }

    /** Whether this JVM runs where file names and arguments cannot hold any text, and may start another. */
    static boolean needed(Map<String, String> environment) {
        return !environment.containsKey(Launcher.RELAUNCHED) && decodesNamesAsBytes(System.getProperty("os.name"))
                && !isUtf8(System.getProperty("sun.jnu.encoding"));
    }

    /** Windows names files in UTF-16 and macOS always in UTF-8: only other systems take the locale's charset. */
    static boolean decodesNamesAsBytes(String osName) {
        String os = osName == null ? "" : osName.toLowerCase(Locale.ROOT);
        return !os.contains("win") && !os.contains("mac");
    }

    static boolean isUtf8(String charsetName) {
        try {
            return charsetName != null && Charset.forName(charsetName).equals(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Sets what the started Java needs: a UTF-8 locale when this one is not, and the arguments themselves. */
    static void prepare(Map<String, String> childEnvironment, String[] args) {
        if (!isUtf8(System.getProperty("sun.jnu.encoding"))) {
            childEnvironment.put("LC_ALL", UTF8_LOCALE);
        }
        childEnvironment.put(ARGUMENTS, encode(asTyped(args, ownCommandLine())));
    }

    /**
     * The arguments this launcher should act on: those the launcher before it passed on (when that is where they
     * came from: same count), else the ones the JVM decoded.
     */
    static String[] argumentsPassedOn(Map<String, String> environment, String[] given) {
        String passed = environment.get(ARGUMENTS);
        if (!environment.containsKey(Launcher.RELAUNCHED) || passed == null) {
            return given;
        }
        String[] decoded = decode(passed);
        return decoded != null && decoded.length == given.length ? decoded : given;
    }

    /**
     * Each argument as typed: its bytes on the command line read as UTF-8 when they are UTF-8, else as the JVM
     * decoded it (a Latin-1 locale decodes its own bytes right). The arguments are the command line's last ones.
     */
    static String[] asTyped(String[] args, List<byte[]> commandLine) {
        String[] typed = args.clone();
        if (commandLine == null || commandLine.size() < args.length) {
            return typed;
        }
        int first = commandLine.size() - args.length;
        for (int i = 0; i < args.length; i++) {
            String utf8 = strictUtf8(commandLine.get(first + i));
            if (utf8 != null) {
                typed[i] = utf8;
            }
        }
        return typed;
    }

    /** This process's command line as bytes, one entry a word, or null where the system does not show it. */
    static List<byte[]> ownCommandLine() {
        try (InputStream in = Files.newInputStream(Paths.get("/proc/self/cmdline"))) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                all.write(buffer, 0, read);
            }
            return split(all.toByteArray());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The NUL-terminated words of a command line. */
    static List<byte[]> split(byte[] commandLine) {
        List<byte[]> words = new ArrayList<byte[]>();
        int start = 0;
        for (int i = 0; i < commandLine.length; i++) {
            if (commandLine[i] == 0) {
                byte[] word = new byte[i - start];
                System.arraycopy(commandLine, start, word, 0, word.length);
                words.add(word);
                start = i + 1;
            }
        }
        return words;
    }

    private static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    static String encode(String[] args) {
        StringBuilder encoded = new StringBuilder().append(args.length);
        for (String arg : args) {
            encoded.append(',').append(Base64.getEncoder().encodeToString(arg.getBytes(StandardCharsets.UTF_8)));
        }
        return encoded.toString();
    }

    /** The arguments {@link #encode} wrote, or null for anything else. */
    static String[] decode(String encoded) {
        String[] parts = encoded.split(",", -1);
        try {
            int count = Integer.parseInt(parts[0]);
            if (count != parts.length - 1) {
                return null;
            }
            String[] args = new String[count];
            for (int i = 0; i < count; i++) {
                args[i] = new String(Base64.getDecoder().decode(parts[i + 1]), StandardCharsets.UTF_8);
            }
            return args;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
