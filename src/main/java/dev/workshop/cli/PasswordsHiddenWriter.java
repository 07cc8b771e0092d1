package dev.workshop.cli;

import dev.workshop.domain.secrets.Redaction;
import java.io.IOException;
import java.io.Writer;

/**
 * What the command line prints, line by line with {@link Redaction#passwordsHidden passwords in addresses hidden}:
 * the last guard for a library's message that quotes an address as it was given (a git remote, a store URL). A
 * line is held until it ends or the writer is flushed, so an address written in pieces is still seen whole.
 */
final class PasswordsHiddenWriter extends Writer {
    private final Writer out;
    private final StringBuilder line = new StringBuilder();

    PasswordsHiddenWriter(Writer out) {
        super(out);
        this.out = out;
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        synchronized (lock) {
            for (int i = offset; i < offset + length; i++) {
                line.append(chars[i]);
                if (chars[i] == '\n') {
                    writeLine();
                }
            }
        }
    }

    private void writeLine() throws IOException {
        out.write(Redaction.passwordsHidden(line.toString()));
        line.setLength(0);
    }

    @Override
    public void flush() throws IOException {
        synchronized (lock) {
            if (!line.isEmpty()) {
                writeLine();
            }
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (lock) {
            flush();
            out.close();
        }
    }
}
