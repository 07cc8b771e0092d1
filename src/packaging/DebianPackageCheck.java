import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a user's {@code apt-get install} and {@code apt-get remove} would do, done with the real dpkg in a scratch
 * root that has no menu directory and no desktop tools (the minimal desktop where jpackage's package failed):
 * the install ends configured, puts the launcher, menu entry, themed icons and file type in place, and the purge
 * leaves not one file behind. Also the fields and the menu entry as {@code desktop-file-validate} reads it.
 */
final class DebianPackageCheck {
    private final Path deb;
    private final Path root;
    private final List<String> problems = new ArrayList<>();

    DebianPackageCheck(Path deb, Path root) {
        this.deb = deb;
        this.root = root;
    }

    void check() throws Exception {
        fields();
        Package.deleteTree(root);
        Path admin = Files.createDirectories(root.resolve("var/lib/dpkg"));
        for (String folder : List.of("info", "updates", "triggers")) {
            Files.createDirectories(admin.resolve(folder));
        }
        Files.writeString(admin.resolve("status"), "");
        // Depends are this root's to lack (it is empty); the scripts, if any, run without chroot (not root here).
        dpkg("--force-depends", "--install", deb.toString());
        String status = dpkg("--status", "workshop");
        if (!status.contains("Status: install ok installed")) {
            problems.add("not configured after the install: " + status.strip());
        }
        for (String installed : List.of("opt/workshop/bin/Workshop", "usr/bin/workshop",
                "usr/share/applications/workshop.desktop", "usr/share/mime/packages/workshop.xml",
                "usr/share/icons/hicolor/48x48/apps/workshop.png", "usr/share/icons/hicolor/scalable/apps/workshop.svg",
                "usr/share/icons/hicolor/48x48/mimetypes/application-x-workshop-conversation.png",
                "usr/share/doc/workshop/copyright")) {
            if (!Files.exists(root.resolve(installed), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                problems.add("not installed: /" + installed);
            }
        }
        if (!Files.isExecutable(root.resolve("opt/workshop/bin/Workshop"))) {
            problems.add("the launcher is not executable");
        }
        menuEntry(root.resolve("usr/share/applications/workshop.desktop"));
        dpkg("--purge", "workshop");
        List<String> left;
        try (var files = Files.walk(root)) {
            left = files.filter(file -> !file.equals(root) && !file.startsWith(root.resolve("var")))
                    .map(file -> "/" + root.relativize(file)).toList();
        }
        if (!left.isEmpty()) {
            problems.add("left behind after the purge: " + left);
        }
        Package.deleteTree(root);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The .deb is not right:\n  " + String.join("\n  ", problems));
        }
        System.out.println("Checked: installed and purged in a scratch root without a menu directory; nothing left");
    }

    private void fields() throws Exception {
        String depends = Package.command("dpkg-deb", "-f", deb.toString(), "Depends");
        for (String library : List.of("libgtk-3-0", "libgl1")) {
            if (!depends.contains(library)) {
                problems.add("Depends names no " + library + ": " + depends.strip());
            }
        }
        String maintainer = Package.command("dpkg-deb", "-f", deb.toString(), "Maintainer");
        if (!maintainer.matches("(?s)[^<]+ <[^@>]+@[^>]+>\\s*") || maintainer.contains(".example")) {
            problems.add("Maintainer is not a name and an address: " + maintainer.strip());
        }
        if (!Package.command("dpkg-deb", "-f", deb.toString(), "Homepage").strip().startsWith("https://")) {
            problems.add("no Homepage");
        }
        String members = Package.command("dpkg-deb", "--info", deb.toString());
        if (members.matches("(?s).*\\b(preinst|postinst|prerm|postrm)\\b.*")) {
            problems.add("maintainer scripts crept in (refreshing the caches is the triggers' work): " + members);
        }
    }

    private void menuEntry(Path entry) throws Exception {
        if (!Files.exists(entry)) {
            return;
        }
        String text = Files.readString(entry, StandardCharsets.UTF_8);
        if (!text.contains("Categories=Development") || !text.contains(DebianPackage.MIME) || !text.contains("%f")
                || !text.contains("Icon=workshop\n")) {
            problems.add("the menu entry lacks the category, the file type or the themed icon: " + text);
        }
        if (Package.onPath("desktop-file-validate")) {
            String said = Package.command("desktop-file-validate", entry.toString());
            if (!said.isBlank()) {
                problems.add("desktop-file-validate: " + said.strip());
            }
        }
    }

    private String dpkg(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("dpkg", "--root=" + root, "--force-not-root",
                "--force-script-chrootless", "--log=/dev/null"));
        command.addAll(List.of(args));
        return Package.command(command.toArray(String[]::new));
    }
}
