package android.webkit;

/** A message the page wrote to its console, as the argument of {@code WebChromeClient.onConsoleMessage}. */
public class ConsoleMessage {
    /** The console method that wrote it. */
    public enum MessageLevel { TIP, LOG, WARNING, ERROR, DEBUG }

    private final MessageLevel level;
    private final String message;
    private final String sourceId;
    private final int lineNumber;

    public ConsoleMessage(String message, String sourceId, int lineNumber, MessageLevel msgLevel) {
        this.message = message;
        this.sourceId = sourceId;
        this.lineNumber = lineNumber;
        this.level = msgLevel;
    }

    public MessageLevel messageLevel() {
        return level;
    }

    public String message() {
        return message;
    }

    public String sourceId() {
        return sourceId;
    }

    public int lineNumber() {
        return lineNumber;
    }
}
