package dev.workshop.store;

/** The database was written by a newer Workshop; it is left untouched rather than "downgraded". */
public final class NewerSchemaException extends StoreException {
    public NewerSchemaException(String message) {
        super(message);
    }
}
