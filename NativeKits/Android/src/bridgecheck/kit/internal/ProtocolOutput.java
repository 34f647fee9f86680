package bridgecheck.kit.internal;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The kit's events on standard output. Each answer is written whole and flushed. Once the watchdog has answered
 * a command itself (the main thread is stuck), nothing else is written.
 */
final class ProtocolOutput {
    private final OutputStream out;
    private boolean sealed;

    ProtocolOutput(OutputStream out) {
        this.out = out;
    }

    /** Writes the answer to command {@code seq}; false when the output was sealed. */
    synchronized boolean send(Answer answer, long seq) throws IOException {
        if (sealed) {
            return false;
        }
        out.write(answer.finish(seq));
        out.flush();
        return true;
    }

    /** Answers command {@code seq} with an error, and writes nothing more afterwards. */
    synchronized void sendFinalError(long seq, String message) throws IOException {
        if (sealed) {
            return;
        }
        Answer answer = new Answer();
        answer.fail(message);
        out.write(answer.finish(seq));
        out.flush();
        sealed = true;
    }
}
