import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The .deb, laid out as plain package files (ADR 0026) rather than by jpackage, whose maintainer scripts ran
 * {@code xdg-desktop-menu} and {@code xdg-icon-resource}: on a desktop without a menu directory the install
 * failed half-configured, and removing it left file-type icons behind. Here every file dpkg installs it also
 * removes; the menu, icon and file-type caches are refreshed by the triggers of the packages that own those tools
 * (desktop-file-utils, gtk's icon cache, shared-mime-info), so only where the tools exist, and a failing tool is
 * never this package's failure. No maintainer scripts at all.
 */
final class DebianPackage {
    static final String MIME = "application/x-workshop-conversation";
    private static final String MIME_ICON = MIME.replace('/', '-');
    private static final List<Integer> ICON_SIZES = List.of(16, 24, 32, 48, 64, 128, 256, 512);

    private final Path image;
    private final Path assets;
    private final Path templates;
    private final Map<String, String> fields;

    /**
     * @param image     the app-image ({@code target/dist/Workshop}), installed as {@code /opt/workshop}
     * @param assets    the icons and the desktop entry's template
     * @param templates {@code src/packaging/debian}: control, copyright, the file type
     * @param fields    what fills the templates' {@code @NAME@} places: VERSION, HOMEPAGE, DEPENDS
     */
    DebianPackage(Path image, Path assets, Path templates, Map<String, String> fields) {
        this.image = image;
        this.assets = assets;
        this.templates = templates;
        this.fields = fields;
    }

    /** Lays the package out in {@code root} and builds it into {@code out}; returns the .deb. */
    Path build(Path root, Path out) throws Exception {
        Package.deleteTree(root);
        copyTree(image, Files.createDirectories(root.resolve("opt")).resolve("workshop"));
        Path bin = Files.createDirectories(root.resolve("usr/bin"));
        // The command line too: `workshop run …`, `workshop show …` from any shell.
        Files.createSymbolicLink(bin.resolve("workshop"), Path.of("/opt/workshop/bin/Workshop"));
        Path share = root.resolve("usr/share");
        write(share.resolve("applications/workshop.desktop"), Files.readString(assets.resolve("workshop.desktop"))
                .replace("@LAUNCHER@", "/opt/workshop/bin/Workshop").replace("@ICON@", "workshop"));
        write(share.resolve("mime/packages/workshop.xml"), Files.readString(templates.resolve("workshop.xml")));
        for (int size : ICON_SIZES) {
            Path icon = assets.resolve("icons/workshop-" + size + ".png");
            Path folder = share.resolve("icons/hicolor/" + size + "x" + size);
            copy(icon, folder.resolve("apps/workshop.png"));
            copy(icon, folder.resolve("mimetypes/" + MIME_ICON + ".png"));
        }
        copy(assets.resolve("icons/workshop.svg"), share.resolve("icons/hicolor/scalable/apps/workshop.svg"));
        copy(assets.resolve("icons/workshop.svg"), share.resolve("icons/hicolor/scalable/mimetypes/" + MIME_ICON + ".svg"));
        write(share.resolve("doc/workshop/copyright"), filled("copyright"));

        Path control = Files.createDirectories(root.resolve("DEBIAN"));
        long kib = installedKib(root);
        write(control.resolve("control"), filled("control").replace("@INSTALLED_SIZE@", String.valueOf(kib)));
        Path deb = out.resolve("workshop_" + fields.get("VERSION") + "_amd64.deb");
        Files.deleteIfExists(deb);
        // gzip: the runtime inside is compressed already (jlink), so xz saves 7 % for five times the time.
        Package.command("dpkg-deb", "--root-owner-group", "-Zgzip", "--build", root.toString(), deb.toString());
        return deb;
    }

    private String filled(String template) throws IOException {
        String text = Files.readString(templates.resolve(template), StandardCharsets.UTF_8);
        for (Map.Entry<String, String> field : fields.entrySet()) {
            text = text.replace("@" + field.getKey() + "@", field.getValue());
        }
        return text;
    }

    private static long installedKib(Path root) throws IOException {
        try (var files = Files.walk(root)) {
            long bytes = 0;
            for (Path file : files.filter(path -> Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)).toList()) {
                bytes += Files.size(file);
            }
            return (bytes + 1023) / 1024;
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
    }

    /** The app-image as it is: executables stay executable, the rest readable by all (dpkg installs modes as given). */
    private static void copyTree(Path from, Path to) throws IOException {
        List<Path> files;
        try (var walk = Files.walk(from)) {
            files = new ArrayList<>(walk.toList());
        }
        for (Path file : files) {
            Path target = to.resolve(from.relativize(file).toString());
            if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(target);
                Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
            } else {
                Files.copy(file, target, LinkOption.NOFOLLOW_LINKS);
                if (!Files.isSymbolicLink(target)) {
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(
                            Files.isExecutable(file) ? "rwxr-xr-x" : "rw-r--r--"));
                }
            }
        }
    }
}
