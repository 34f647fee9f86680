package bridgecheck.kit.internal;

import android.content.Context;
import android.os.Looper;
import bridgecheck.kit.NativeBridgeUnderTest;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import org.json.JSONObject;

/**
 * The adapter protocol's command loop (docs/adapter-protocol.md, version 1.4) around a bridge made by the user's
 * factory, on the kit's main thread. Standard output carries the protocol only: {@code System.out} is sent to
 * standard error, and {@code System.in} reads nothing.
 */
public final class KitServer {
    /** The protocol version. */
    static final int PROTOCOL = 1;
    /** The highest minor version the kit speaks. */
    static final int MINOR = 4;
    /** The kit's version, in {@code hello}. */
    static final String VERSION = "1.0.0";

    private final Function<Context, NativeBridgeUnderTest> factory;
    private final KitAssets assets;
    private final Conversation conversation = new Conversation();
    private final JavaBridgeThread javaBridge = new JavaBridgeThread();
    private ProtocolOutput out;
    private Watchdog watchdog;
    private KitSession session;

    private KitServer(Function<Context, NativeBridgeUnderTest> factory, String pageScriptAsset) {
        this.factory = factory;
        String folder = System.getProperty("bridgecheck.assets");
        this.assets = new KitAssets(folder == null || folder.isEmpty() ? null : new File(folder), pageScriptAsset);
    }

    /**
     * Serves the adapter protocol until the harness says {@code exit} or closes standard input, then ends the
     * process. The loop runs on a thread with a large stack (deeply nested data), which becomes the main thread.
     */
    public static void serve(Function<Context, NativeBridgeUnderTest> factory, String pageScriptAsset) {
        KitServer server = new KitServer(factory, pageScriptAsset);
        Thread main = new Thread(null, server::run, "main", 512L << 20);
        main.start();
        while (true) {
            try {
                main.join();
                break;
            } catch (InterruptedException ignored) {
                // keep waiting: the main thread ends the process
            }
        }
    }

    private void run() {
        FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
        System.setOut(System.err);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        out = new ProtocolOutput(new BufferedOutputStream(stdout, 1 << 16));
        ProtocolInput in = new ProtocolInput(new BufferedInputStream(new FileInputStream(FileDescriptor.in), 1 << 16));
        LooperAccess.get().prepareMainLooper();
        watchdog = new Watchdog(out, Thread.currentThread(), javaBridge);
        int status = 0;
        try {
            while (true) {
                JSONObject command;
                try {
                    command = in.next(conversation.textBlocks());
                } catch (KitProblem problem) {
                    Answer answer = new Answer();
                    answer.fail(problem.getMessage());
                    out.send(answer, -1);
                    continue;
                }
                if (command == null) {
                    break;
                }
                if (!answer(command)) {
                    break;
                }
            }
        } catch (IOException e) {
            status = 1;
        } catch (Throwable t) {
            System.err.println("bridgecheck android kit: internal failure");
            t.printStackTrace(System.err);
            status = 2;
        }
        ProcessFolders.remove();
        System.err.flush();
        Runtime.getRuntime().halt(status);
    }

    /** Carries out one command and writes its answer; false after {@code exit}. */
    private boolean answer(JSONObject command) throws IOException {
        String type = command.optString("type", "");
        long seq = command.optLong("seq", -1);
        Answer answer = new Answer();
        if (session != null) {
            session.answerInto(answer);
        }
        watchdog.begin(seq, type, type.equals("hello") ? NativeKitLimits.helloMillis() : NativeKitLimits.commandMillis());
        boolean keepGoing = true;
        try {
            keepGoing = perform(type, command, answer);
        } catch (KitProblem problem) {
            answer.fail(problem.getMessage());
        } catch (Throwable t) {
            System.err.println("bridgecheck android kit: internal failure while handling " + type);
            t.printStackTrace(System.err);
            answer.fail("bridgecheck's android kit failed while handling `" + type + "`: " + t);
        }
        watchdog.end();
        if (!out.send(answer, seq)) {
            return false;
        }
        return keepGoing;
    }

    private boolean perform(String type, JSONObject command, Answer answer) throws KitProblem {
        switch (type) {
            case "hello":
                hello(command, answer);
                return true;
            case "start":
                start(command, answer);
                return true;
            case "stop":
                closeSession();
                return true;
            case "exit":
                closeSession();
                return false;
            default:
                break;
        }
        if (session == null) {
            throw new KitProblem("`" + type + "` before `start`");
        }
        switch (type) {
            case "registerHandler": {
                JSONObject given = conversation.answersInHandlers() ? command.optJSONObject("answer") : null;
                session.registerHandler(string(command, "name"), given);
                break;
            }
            case "removeHandler":
                session.removeHandler(string(command, "name"));
                break;
            case "callHandler": {
                Object callback = command.opt("callback");
                Integer id = callback instanceof Number ? ((Number) callback).intValue() : null;
                session.callHandler(string(command, "name"), command.opt("data"), id);
                break;
            }
            case "respond":
                session.respond(integer(command, "invocation"), command.opt("data"));
                break;
            case "reset":
                session.reset();
                break;
            case "disableSafetyTimeout":
                session.disableSafetyTimeout();
                break;
            case "navigation":
                session.navigation(longValue(command, "id"), string(command, "url"), command.optString("frame", "main"));
                break;
            case "loadFinished":
                session.loadFinished();
                break;
            case "dialog": {
                Object text = command.opt("defaultText");
                session.dialog(command.optString("kind", "alert"), command.optString("message", ""),
                    text instanceof String ? (String) text : null);
                break;
            }
            case "interfaceCall":
                session.interfaceCall(string(command, "name"), string(command, "method"), command.optJSONArray("arguments"),
                    command.optJSONArray("undefinedArguments"));
                break;
            case "evaluationResult": {
                Object ok = command.opt("ok");
                session.evaluationResult(longValue(command, "id"), Boolean.TRUE.equals(ok), command.opt("result"));
                break;
            }
            case "scriptMessage":
                throw new KitProblem("a script message arrived, and Android's WebView has no script message handlers (the "
                    + "kit never asked for one)");
            default:
                throw new KitProblem("unknown command " + Crashes.quote(type, 60));
        }
        return true;
    }

    private void hello(JSONObject command, Answer answer) {
        Object offered = command.opt("minor");
        int theirs = offered instanceof Number ? ((Number) offered).intValue() : 0;
        conversation.minor = Math.max(0, Math.min(theirs, MINOR));
        Capabilities found = KitSession.probe(conversation, assets, javaBridge, factory);
        if (found.failure != null) {
            System.err.println("bridgecheck android kit: the factory failed when the kit ran it once to see what the "
                + "bridge registers; every scenario will say why:");
            found.failure.printStackTrace(System.err);
        }
        List<String> transports = found.transports;
        List<String> injections = found.injections;
        if (conversation.minor < 1) {
            // 1.0 has none of what Android bridges use (loads, dialogs, interfaces): only the iframe transport.
            transports.retainAll(java.util.Arrays.asList("iframe"));
            injections.clear();
        } else if (conversation.minor < 2) {
            injections.remove("page");
        }
        answer.add(new Event("hello").put("protocol", PROTOCOL).put("minor", MINOR).put("name", found.name)
            .put("version", "android-kit " + VERSION).putJson("transports", list(transports))
            .putJson("injections", list(injections)).putJson("features", "[]"));
    }

    private static String list(List<String> names) {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                text.append(',');
            }
            Json.quote(text, names.get(i));
        }
        return text.append(']').toString();
    }

    private void start(JSONObject command, Answer answer) throws KitProblem {
        closeSession();
        if (Boolean.TRUE.equals(command.opt("samePageScript")) && conversation.pipelines()) {
            if (conversation.pageScript == null) {
                throw new KitProblem("samePageScript in the first start (there is no previous page script)");
            }
        } else {
            Object script = command.opt("pageScript");
            conversation.pageScript = script instanceof String ? (String) script : "";
        }
        if (Boolean.TRUE.equals(command.opt("sameConfiguration")) && conversation.answersInHandlers()) {
            if (conversation.configuration == null) {
                throw new KitProblem("sameConfiguration in the first start (there is no previous configuration)");
            }
        } else {
            JSONObject configuration = command.optJSONObject("configuration");
            conversation.configuration = configuration == null ? new JSONObject() : configuration;
        }
        session = KitSession.start(conversation, assets, javaBridge, factory, answer);
    }

    private void closeSession() {
        if (session != null) {
            session.close();
            session = null;
        }
        Looper main = Looper.getMainLooper();
        if (main != null) {
            LooperAccess.get().clear(main);
        }
    }

    private static String string(JSONObject command, String name) throws KitProblem {
        Object value = command.opt(name);
        if (!(value instanceof String)) {
            throw new KitProblem("`" + command.optString("type") + "` needs a string `" + name + "`");
        }
        return (String) value;
    }

    private static int integer(JSONObject command, String name) throws KitProblem {
        Object value = command.opt(name);
        if (!(value instanceof Number)) {
            throw new KitProblem("`" + command.optString("type") + "` needs a number `" + name + "`");
        }
        return ((Number) value).intValue();
    }

    private static long longValue(JSONObject command, String name) throws KitProblem {
        Object value = command.opt(name);
        if (!(value instanceof Number)) {
            throw new KitProblem("`" + command.optString("type") + "` needs a number `" + name + "`");
        }
        return ((Number) value).longValue();
    }
}
