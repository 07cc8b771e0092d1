package dev.workshop.store.jdbc.team;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

/** Which failures mean "the server went away, try again" and which mean "it refused": the loop waits only for the first. */
class TeamServerProblemsTest {
    @Test
    void aLostConnectionIsToldFromARefusal() {
        assertThat(TeamServerProblems.isConnectionLost(new SQLException("An I/O error occurred", "08006"))).isTrue();
        assertThat(TeamServerProblems.isConnectionLost(new SQLException("terminating connection", "57P01"))).isTrue();
        assertThat(TeamServerProblems.isConnectionLost(new SQLException("Connection is closed"))).as("the pool's words")
                .isTrue();
        assertThat(TeamServerProblems.isConnectionLost(new SQLException("wrapped",
                new java.net.SocketException("Broken pipe")))).isTrue();
        assertThat(TeamServerProblems.isConnectionLost(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(TeamServerProblems.isConnectionLost(new SQLException("permission denied", "42501"))).isFalse();
    }

    @Test
    void aPoolThatWaitedInVainIsBusyWhenNoConnectAttemptFailedAndAwayWhenOneDid() {
        assertThat(TeamServerProblems.unavailable("db:5432/w", new SQLTransientConnectionException(
                "Connection is not available, request timed out after 10000ms")).getMessage())
                .isEqualTo("The team server db:5432/w is busy: every connection of this Workshop was in use for 10 s");
        assertThat(TeamServerProblems.unavailable("db:5432/w", new SQLTransientConnectionException("timed out",
                new java.net.ConnectException("Connection refused"))).getMessage())
                .isEqualTo("The team server db:5432/w cannot be reached (Connection refused)");
    }
}
