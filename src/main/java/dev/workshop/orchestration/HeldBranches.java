package dev.workshop.orchestration;

import dev.workshop.session.HeldSessionJson;
import dev.workshop.session.InvalidSnapshotException;
import dev.workshop.session.git.GitSessions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finding a held session's branch by what the user typed: a branch name, or the first characters of an id. */
final class HeldBranches {
    private HeldBranches() {
    }

    static GitSessions.Branch find(GitSessions repository, List<GitSessions.Branch> branches, String wanted,
                                          SessionLocation where) {
        String name = wanted.strip();
        for (GitSessions.Branch branch : branches) {
            if (branch.name().equals(name) || branch.name().equals(GitSessions.BRANCH_PREFIX + name)
                    || branch.ref().equals(name)) {
                return branch;
            }
        }
        List<GitSessions.Branch> byId = new ArrayList<>();
        if (name.length() >= 4) {
            for (GitSessions.Branch branch : branches) {
                String suffix = branch.name().substring(branch.name().lastIndexOf('-') + 1);
                if ((name.startsWith(suffix) || suffix.startsWith(name))
                        && idAt(repository, branch).filter(id -> id.startsWith(name)).isPresent()) {
                    byId.add(branch);
                }
            }
        }
        String place = where.remote().orElse(repository.location().toString());
        if (byId.isEmpty()) {
            throw new IllegalArgumentException("No held session '" + name + "' in " + place + " ("
                    + (branches.isEmpty() ? "it holds none" : "'workshop held' lists them") + ")");
        }
        if (byId.size() > 1) {
            throw new IllegalArgumentException("'" + name + "' names " + byId.size() + " held sessions in " + place
                    + ": " + String.join(", ", byId.stream().map(GitSessions.Branch::name).toList())
                    + "; give the branch");
        }
        return byId.getFirst();
    }

    static Optional<String> idAt(GitSessions repository, GitSessions.Branch branch) {
        try {
            return Optional.of(HeldSessionJson.read(repository.read(branch.commit()), branch.name()).id().value());
        } catch (InvalidSnapshotException e) {
            return Optional.empty();
        }
    }
}
