package bridgecheck.kit.internal;

/** One event line of the adapter protocol, built member by member (the {@code type} first). */
public final class Event {
    private final StringBuilder json = new StringBuilder(64);

    /** An event of {@code type}. */
    public Event(String type) {
        json.append("{\"type\":");
        Json.quote(json, type);
    }

    private StringBuilder member(String name) {
        json.append(',');
        Json.quote(json, name);
        return json.append(':');
    }

    public Event put(String name, String value) {
        Json.quote(member(name), value);
        return this;
    }

    public Event put(String name, long value) {
        member(name).append(value);
        return this;
    }

    public Event put(String name, boolean value) {
        member(name).append(value);
        return this;
    }

    /** An org.json value; nothing when {@code value} is null (absent). */
    public Event putValue(String name, Object value) throws KitProblem {
        if (value != null) {
            Json.write(member(name), value);
        }
        return this;
    }

    /** A member whose value is already JSON text. */
    public Event putJson(String name, String jsonText) {
        member(name).append(jsonText);
        return this;
    }

    /** The line, without its line break. */
    public String line() {
        return json.toString() + "}";
    }
}
