package bridgecheck.kit.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The events of the command being answered, in order, written out with its {@code done} once the command has
 * been carried out. Bridge code on another thread (a JavaScript interface call) adds to it too.
 */
public final class Answer {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    private String error;

    /** Adds {@code event}. */
    public synchronized void add(Event event) {
        byte[] line = event.line().getBytes(StandardCharsets.UTF_8);
        bytes.write(line, 0, line.length);
        bytes.write('\n');
    }

    /** Adds {@code event} followed by {@code block} as a text block (protocol 1.4). */
    public synchronized void add(Event event, byte[] block) {
        add(event);
        bytes.write(block, 0, block.length);
        bytes.write('\n');
    }

    /** Ends the answer with an {@code error} (the first one counts). */
    public synchronized void fail(String message) {
        if (error == null) {
            error = message;
        }
    }

    public synchronized boolean failed() {
        return error != null;
    }

    /** The bytes of the answer to command {@code seq}: its events, the error if any, and {@code done}. */
    synchronized byte[] finish(long seq) {
        if (error != null) {
            add(new Event("error").put("message", error));
        }
        add(new Event("done").put("seq", seq));
        return bytes.toByteArray();
    }
}
