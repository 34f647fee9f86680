package bridgecheck.kit.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.json.JSONObject;

/**
 * The harness's commands, one JSON object per line on standard input; from protocol 1.4 on, a command with
 * {@code resultBytes: n} is followed by {@code n} bytes of raw UTF-8 (the result) and a line break.
 */
final class ProtocolInput {
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int start;
    private int end;

    ProtocolInput(InputStream in) {
        this.in = in;
    }

    /** The next command, or null at end of input. A line that is not a JSON object throws. */
    JSONObject next(boolean textBlocks) throws IOException, KitProblem {
        while (true) {
            byte[] line = readLine();
            if (line == null) {
                return null;
            }
            String text = new String(line, StandardCharsets.UTF_8).trim();
            if (text.isEmpty()) {
                continue;
            }
            Object value = Json.parse(text);
            if (!(value instanceof JSONObject)) {
                throw new KitProblem("a command must be a JSON object");
            }
            JSONObject command = (JSONObject) value;
            if (textBlocks && command.has("resultBytes")) {
                Object count = command.opt("resultBytes");
                if (!(count instanceof Integer) || (Integer) count < 0) {
                    throw new KitProblem("resultBytes must be a byte count (a non-negative integer)");
                }
                byte[] block = readExactly((Integer) count + 1);
                if (block == null || block[block.length - 1] != '\n') {
                    throw new KitProblem("the result block does not end with a line break after its " + count + " bytes");
                }
                command.remove("resultBytes");
                try {
                    command.put("result", new String(block, 0, block.length - 1, StandardCharsets.UTF_8));
                } catch (org.json.JSONException e) {
                    throw new KitProblem(e.getMessage());
                }
            }
            return command;
        }
    }

    private boolean fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buffer.length) {
            return true;
        }
        int n = in.read(buffer, end, buffer.length - end);
        if (n < 0) {
            return false;
        }
        end += n;
        return true;
    }

    private byte[] readLine() throws IOException {
        ByteArrayOutputStream long_ = null;
        while (true) {
            for (int i = start; i < end; i++) {
                if (buffer[i] == '\n') {
                    byte[] line;
                    if (long_ == null) {
                        line = java.util.Arrays.copyOfRange(buffer, start, i);
                    } else {
                        long_.write(buffer, start, i - start);
                        line = long_.toByteArray();
                    }
                    start = i + 1;
                    return line;
                }
            }
            if (end - start == buffer.length) {
                if (long_ == null) {
                    long_ = new ByteArrayOutputStream();
                }
                long_.write(buffer, start, end - start);
                start = end = 0;
            }
            if (!fill()) {
                return null;
            }
        }
    }

    private byte[] readExactly(int count) throws IOException {
        byte[] out = new byte[count];
        int have = 0;
        while (have < count) {
            if (start == end && !fill()) {
                return null;
            }
            int n = Math.min(count - have, end - start);
            System.arraycopy(buffer, start, out, have, n);
            start += n;
            have += n;
        }
        return out;
    }
}
