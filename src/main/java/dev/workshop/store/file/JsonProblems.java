package dev.workshop.store.file;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Pattern;

/**
 * Says what is wrong with a file or text that should hold JSON, in words a person can act on. Jackson's own
 * message names the place as {@code [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION`
 * disabled); line: 1, column: 12]} and adds it again on a second line; shown as is, that noise is most of what a
 * repair notice said about a broken {@code agents.json}.
 */
public final class JsonProblems {
    /** Where Jackson's message names a place in the input (the source part is redacted or a file's name). */
    private static final Pattern PLACE = Pattern.compile("\\[Source: .*?; line: (\\d+), column: (\\d+)]",
            Pattern.DOTALL);

    private JsonProblems() {
    }

    /**
     * For a JSON syntax error: "it is not valid JSON (line 2, column 1: Unexpected end-of-input: expected close
     * marker for Array (start marker at line 1, column 12))"; for anything else, the exception's own message.
     */
    public static String describe(Exception problem) {
        return problem instanceof JsonProcessingException json ? "it is not valid JSON " + detail(json)
                : problem.getMessage();
    }

    /** Where the syntax error is and what it is: "(line 2, column 1: Unexpected end-of-input: …)". */
    public static String detail(JsonProcessingException problem) {
        String what = PLACE.matcher(String.valueOf(problem.getOriginalMessage())).replaceAll("line $1, column $2");
        JsonLocation where = problem.getLocation();
        return where == null || where.getLineNr() < 1 ? "(" + what + ")"
                : "(line " + where.getLineNr() + ", column " + where.getColumnNr() + ": " + what + ")";
    }
}
