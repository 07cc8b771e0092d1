package dev.workshop.ui.shell;

import dev.workshop.domain.settings.TeamServerChoice;

/** How the status bar names where the conversations are kept: a team server's address without its secrets. */
final class TeamServerText {
    private TeamServerText() {
    }

    /** "Team server: HOST:PORT/DB · team T" for the status bar, "" for this device's own data. */
    static String of(TeamServerChoice choice) {
        return choice.url().map(url -> "Team server: " + where(url) + " · team " + choice.team().value()).orElse("");
    }

    /** HOST:PORT/DB of a team server's address, without its scheme and query (a password could be there). */
    static String where(String url) {
        String address = url.replaceFirst("^(jdbc:)?postgres(ql)?://", "");
        int query = address.indexOf('?');
        address = query < 0 ? address : address.substring(0, query);
        int at = address.lastIndexOf('@');
        return at < 0 ? address : address.substring(at + 1);
    }
}
