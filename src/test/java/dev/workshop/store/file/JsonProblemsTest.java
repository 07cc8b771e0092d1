package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchException;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileNotFoundException;
import org.junit.jupiter.api.Test;

class JsonProblemsTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aListThatIsNeverClosedIsNamedWithBothPlacesAndNoneOfJacksonsSourceNoise() {
        Exception problem = catchException(() -> json.readTree("{\"agents\": [\n"));

        assertThat(JsonProblems.describe(problem)).isEqualTo("it is not valid JSON (line 2, column 1: Unexpected "
                + "end-of-input: expected close marker for Array (start marker at line 1, column 12))");
    }

    @Test
    void aMisplacedMarkIsNamedWhereItStands() {
        Exception problem = catchException(() -> json.readTree("{\"id\": \"x\", \"messages\": [}"));

        assertThat(JsonProblems.describe(problem)).isEqualTo("it is not valid JSON (line 1, column 26: Unexpected "
                + "close marker '}': expected ']' (for Array starting at line 1, column 25))");
    }

    @Test
    void aProblemThatIsNotAboutJsonKeepsItsOwnWords() {
        assertThat(JsonProblems.describe(new FileNotFoundException("/data/agents.json (Permission denied)")))
                .isEqualTo("/data/agents.json (Permission denied)");
    }
}
