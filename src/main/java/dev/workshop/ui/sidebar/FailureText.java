package dev.workshop.ui.sidebar;

import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a turn failed, in brief, for the banner and the status's hover: a web address shortened to its host (the
 * path of an API says nothing to a reader) and the command line's closing advice dropped (the window has its own
 * way on: Retry). The whole reason stays behind Details….
 */
final class FailureText {
    private static final Pattern ADDRESS = Pattern.compile("https?://[^\\s)\"']+");
    /** What the gateway adds for the command line: "(gave up after 4 attempts; Retry once … answers again)". */
    private static final Pattern GAVE_UP = Pattern.compile("\\s*\\(gave up after [^()]*\\)\\s*$");

    private FailureText() {
    }

    static String brief(String reason) {
        String withoutAdvice = GAVE_UP.matcher(reason).replaceFirst("");
        Matcher address = ADDRESS.matcher(withoutAdvice);
        StringBuilder brief = new StringBuilder();
        while (address.find()) {
            address.appendReplacement(brief, Matcher.quoteReplacement(hostOf(address.group())));
        }
        address.appendTail(brief);
        return brief.toString().strip();
    }

    /** "localhost:11434" for "http://localhost:11434/v1/chat/completions"; the address itself if it is no URI. */
    private static String hostOf(String address) {
        try {
            URI uri = URI.create(address);
            if (uri.getHost() == null) {
                return address;
            }
            return uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
        } catch (IllegalArgumentException notAUri) {
            return address;
        }
    }
}
