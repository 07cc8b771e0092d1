package dev.workshop.store;

import java.nio.file.Path;

/** Another Workshop process holds the data directory. */
public final class DataDirectoryInUseException extends StoreException {
    public DataDirectoryInUseException(Path directory) {
        super("Workshop is already running with data directory " + directory);
    }
}
