package dev.workshop;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * The package arrows of docs/ARCHITECTURE.md, checked on every build. Plain JUnit tests call each rule, so
 * the rules run under any test filter (ArchUnit's own engine is skipped by surefire's -Dtest filters).
 */
class ArchitectureTest {
    /** Fails with ArchUnit's report of every violation. */
    private static void assertHolds(ArchRule rule) {
        EvaluationResult result = rule.evaluate(PRODUCTION);
        assertThat(result.hasViolation()).as(result.getFailureReport().toString()).isFalse();
    }

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.workshop");

    @Test
    void domainImportsOnlyTheJdk() {
        ArchRule rule = classes().that().resideInAPackage("dev.workshop.domain..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("dev.workshop.domain..", "java..");
        assertHolds(rule);
    }
    @Test
    void uiTalksOnlyToViewModelsAndOrchestration() {
        ArchRule rule = noClasses().that()
            .resideInAPackage("dev.workshop.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.workshop.store..", "dev.workshop.gateway..",
                    "dev.workshop.session..", "dev.workshop.cli..");
        assertHolds(rule);
    }
    @Test
    void cliNeverImportsTheUi() {
        ArchRule rule = noClasses().that().resideInAPackage("dev.workshop.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.workshop.ui..", "javafx..");
        assertHolds(rule);
    }
    @Test
    void lowerLayersNeverReachUp() {
        ArchRule rule = noClasses().that()
            .resideInAnyPackage("dev.workshop.store..", "dev.workshop.gateway..", "dev.workshop.session..",
                    "dev.workshop.orchestration..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.workshop.ui..", "dev.workshop.cli..", "javafx..");
        assertHolds(rule);
    }
    @Test
    void storeNeverReachesOrchestration() {
        ArchRule rule = noClasses().that().resideInAPackage("dev.workshop.store..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.workshop.orchestration..",
                    "dev.workshop.gateway..", "dev.workshop.session..");
        assertHolds(rule);
    }
    @Test
    void onlyJdbcAdaptersUseSql() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("dev.workshop.store.jdbc..")
            .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..", "org.h2..",
                    "org.flywaydb..");
        assertHolds(rule);
    }
    @Test
    void theTeamWingAndTheDesktopStoreStayApart() {
        // The PostgreSQL team store shares the tables' SQL, the schema version and the append's fold with the
        // desktop's store (journal + H2), nothing more: neither reaches into the other's workings.
        assertHolds(noClasses().that().resideInAPackage("dev.workshop.store.jdbc")
                .should().dependOnClassesThat().resideInAPackage("dev.workshop.store.jdbc.team.."));
        assertHolds(noClasses().that().resideInAPackage("dev.workshop.store.jdbc.team..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.workshop.store.journal..", "org.h2..")
                .orShould().dependOnClassesThat().haveSimpleNameStartingWith("Journal"));
    }
    @Test
    void onlySessionGitUsesJGit() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("dev.workshop.session.git..")
            .should().dependOnClassesThat().resideInAnyPackage("org.eclipse.jgit..");
        assertHolds(rule);
    }
    @Test
    void onlyTheMcpAdaptersUseTheMcpSdk() {
        // The client side is a gateway (outside tools); the server side is a front end like the command line.
        ArchRule rule = noClasses().that().resideOutsideOfPackages("dev.workshop.gateway.mcp..", "dev.workshop.cli.mcp..")
            .should().dependOnClassesThat().resideInAnyPackage("io.modelcontextprotocol..", "reactor..");
        assertHolds(rule);
    }
    @Test
    void nothingDependsOnTheRootPackage() {
        // The root package (Main, Wiring, the app) builds everything and is built on by nothing.
        ArchRule rule = noClasses().that().resideOutsideOfPackage("dev.workshop")
            .should().dependOnClassesThat().resideInAPackage("dev.workshop");
        assertHolds(rule);
    }
    @Test
    void everyPackageTheRulesNameExists() {
        // A rule about a package that is not there holds whatever the code does.
        for (String named : java.util.List.of("dev.workshop", "dev.workshop.domain", "dev.workshop.ui",
                "dev.workshop.ui.fx", "dev.workshop.ui.sidebar", "dev.workshop.cli", "dev.workshop.store",
                "dev.workshop.store.jdbc", "dev.workshop.store.jdbc.team", "dev.workshop.store.journal", "dev.workshop.gateway",
                "dev.workshop.gateway.openai", "dev.workshop.gateway.offline", "dev.workshop.gateway.secrets",
                "dev.workshop.gateway.mcp",
                "dev.workshop.session", "dev.workshop.session.git",
                "dev.workshop.orchestration")) {
            assertThat(PRODUCTION.stream().anyMatch(type -> type.getPackageName().equals(named)
                    || type.getPackageName().startsWith(named + "."))).as("package %s has classes", named).isTrue();
        }
    }
    @Test
    void onlyFxExecutorCallsRunLater() {
        ArchRule rule = noClasses().that()
            .doNotHaveFullyQualifiedName("dev.workshop.ui.fx.FxExecutor")
            .should().callMethod(javafx.application.Platform.class, "runLater", Runnable.class);
        assertHolds(rule);
    }
    @Test
    void onlyTheHttpGatewayTalksHttp() {
        // The model's gateway, and the MCP client's streamable HTTP transport.
        ArchRule rule = noClasses().that().resideOutsideOfPackages("dev.workshop.gateway.openai..",
                        "dev.workshop.gateway.mcp..")
                .should().dependOnClassesThat().resideInAPackage("java.net.http..");
        assertHolds(rule);
    }

    @Test
    void gatewaysKnowNothingOfTheEngineAboveThem() {
        ArchRule rule = noClasses().that().resideInAPackage("dev.workshop.gateway..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.workshop.orchestration..", "dev.workshop.store..",
                        "dev.workshop.ui..", "dev.workshop.cli..");
        assertHolds(rule);
    }

    @Test
    void viewModelsNeverTouchTheSceneGraph() {
        // A view-model holds state and actions; nodes, windows and events belong to its view.
        ArchRule rule = noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAPackage("javafx.scene..");
        assertHolds(rule);
    }

    @Test
    void viewModelsReachTheFxThreadOnlyThroughTheirExecutor() {
        // A view-model given FxExecutor.direct() runs its whole effect before a test's next line.
        ArchRule rule = noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().callMethod(javafx.application.Platform.class, "runLater", Runnable.class)
                .orShould().callMethod(dev.workshop.ui.fx.FxExecutor.class, "later", Runnable.class);
        assertHolds(rule);
    }

    @Test
    void packagesFormNoCycles() {
        // The layers: ui, cli, orchestration, session, store, gateway, domain (each with its sub-packages).
        ArchRule rule = com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices()
                .matching("dev.workshop.(*)..").should().beFreeOfCycles();
        assertHolds(rule);
    }

    @Test
    void packagesFormNoCyclesAtAnyDepth() {
        // The rule above compares top-level packages only: cli and cli.bench, say, are one slice to it. Here every
        // package is a slice of its own, so two rooms of one floor cannot lean on each other either.
        ArchRule rule = com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices()
                .matching("dev.workshop.(**)").should().beFreeOfCycles();
        assertHolds(rule);
    }

    @Test
    void adaptersAreBuiltOnlyByTheRootPackage() {
        // Wiring (and the entry points beside it) chooses the store and the gateways; the layers above see only
        // their interfaces, so a second way of opening them cannot grow.
        ArchRule rule = noClasses().that().resideInAnyPackage("dev.workshop.ui..", "dev.workshop.orchestration..",
                        "dev.workshop.session..", "dev.workshop.domain..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.workshop.store.jdbc..",
                        "dev.workshop.store.journal..", "dev.workshop.gateway.offline..", "dev.workshop.gateway.openai..",
                        "dev.workshop.gateway.secrets..");
        assertHolds(rule);
    }

    @Test
    void theUiStartsNoThreadsOfItsOwnOutsideItsSeams() {
        // Work leaves the FX thread through ui.fx's Background (or FxTicker); a view-model that starts its own
        // thread cannot be run synchronously by a test.
        ArchRule rule = noClasses().that().resideInAPackage("dev.workshop.ui..")
                .and().resideOutsideOfPackage("dev.workshop.ui.fx")
                .should().callMethod(Thread.class, "ofVirtual")
                .orShould().callMethod(Thread.class, "ofPlatform")
                .orShould().callConstructor(Thread.class, Runnable.class);
        assertHolds(rule);
    }

    @Test
    void onlyTheEntryPointsEndTheJavaFxToolkit() {
        // The toolkit ends once per process and cannot start again: a view that ended it (a dialog hidden, a
        // button) would end it under every UI test after it. The application's close request decides instead.
        ArchRule rule = noClasses().that().resideOutsideOfPackage("dev.workshop")
                .and().haveNameNotMatching("dev\\.workshop\\.ui\\.shell\\.ColdStartProbe.*")
                .should().callMethod(javafx.application.Platform.class, "exit");
        assertHolds(rule);
    }

    /**
     * The kinds of recorded event are told apart in one place: the domain's folds (the state, the transcript and the
     * news a listener reads), plus the codecs that write and read them. Anywhere else a {@code case} or
     * {@code instanceof} on an event kind is a second interpretation of the log, which drifts from the first.
     * Checked on the sources, since javac compiles a pattern {@code switch} to nothing ArchUnit sees.
     */
    @Test
    void onlyTheDomainTellsEventKindsApart() throws java.io.IOException {
        java.nio.file.Path sources = java.nio.file.Path.of("src", "main", "java");
        java.util.Set<String> allowed = java.util.Set.of("dev/workshop/store/EventCodec.java",
                "dev/workshop/store/jdbc/JournalRecords.java");
        String kinds = java.util.Arrays.stream(dev.workshop.domain.conversation.ConversationEvent.class
                .getPermittedSubclasses()).map(Class::getSimpleName).collect(java.util.stream.Collectors.joining("|"));
        java.util.regex.Pattern tellsApart = java.util.regex.Pattern.compile(
                "\\b(case|instanceof)\\s+(ConversationEvent\\.)?(" + kinds + ")\\b");
        java.util.List<String> found = new java.util.ArrayList<>();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(sources)) {
            for (java.nio.file.Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                String name = sources.relativize(file).toString().replace('\\', '/');
                if (name.startsWith("dev/workshop/domain/conversation/") || allowed.contains(name)) {
                    continue;
                }
                java.util.List<String> lines = java.nio.file.Files.readAllLines(file);
                for (int at = 0; at < lines.size(); at++) {
                    if (tellsApart.matcher(lines.get(at)).find()) {
                        found.add(name + ":" + (at + 1) + ": " + lines.get(at).strip());
                    }
                }
            }
        }
        assertThat(found).as("event kinds told apart outside the domain's folds and the codecs").isEmpty();
    }

    /**
     * A part of a screen is tested with direct executors and asserted on the next line (a latch where a loop runs):
     * only the view tests (TestFX) and the whole app's tests wait for what happens in its own time.
     */
    @Test
    void onlyViewAndAppTestsWaitWithAwaitility() {
        JavaClasses tests = new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("dev.workshop.ui");
        ArchRule rule = noClasses().that().resideInAPackage("dev.workshop.ui..")
                .and().haveNameNotMatching(".*ViewTest(\\$.*)?")
                .and().areNotAnnotatedWith(dev.workshop.testing.WholeApp.class)
                .and(com.tngtech.archunit.base.DescribedPredicate.describe("not inside a whole app's test",
                        (com.tngtech.archunit.core.domain.JavaClass type) -> type.getEnclosingClass()
                                .filter(outer -> outer.isAnnotatedWith(dev.workshop.testing.WholeApp.class)).isEmpty()))
                .should().dependOnClassesThat().resideInAPackage("org.awaitility..");
        EvaluationResult result = rule.evaluate(tests);
        assertThat(result.hasViolation()).as(result.getFailureReport().toString()).isFalse();
    }
}
