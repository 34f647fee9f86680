package bridgecheck.kit.internal;

import android.webkit.JavascriptInterface;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * A page's call of a JavaScript interface method, as Android's WebView (Chromium's Java bridge) makes it: the
 * method of that name and number of parameters that carries {@link JavascriptInterface}, its arguments converted
 * from JavaScript by Chromium's LiveConnect rules, run on the JavaBridge thread while the page waits, and its value
 * converted back.
 *
 * <p>The conversions, which are Chromium's and not JSON's: a JavaScript number becomes a Java integer by
 * truncation (a {@code char} gets 0 from a non-integer), a {@code String} parameter its text
 * ({@code String(number)}); a boolean becomes {@code boolean}, or "true"/"false" for a {@code String} parameter,
 * 0 for a number; a string becomes a {@code String}, 0 or false for primitives; {@code null} becomes
 * {@code null}, 0 or false; {@code undefined} becomes the text "undefined" for a {@code String} parameter; an
 * object or array becomes "undefined" for a {@code String} parameter, a Java array for an array parameter (of
 * primitives or strings), else {@code null}, 0 or false. Any other parameter type gets {@code null}.
 * A {@code String} result that is null is {@code undefined} in the page, a method returning an array is not
 * called (its value is {@code undefined}), and an object result other than null is a Java object the page could
 * call, which bridgecheck's host objects cannot return (reported).
 */
final class InterfaceCall {
    private static final Object UNDEFINED = new Object();

    private final Object target;
    private final String label;
    private final Method method;
    private final Object[] arguments;

    private InterfaceCall(Object target, String label, Method method, Object[] arguments) {
        this.target = target;
        this.label = label;
        this.method = method;
        this.arguments = arguments;
    }

    /** The call of {@code name.method(arguments)}, its arguments converted. */
    static InterfaceCall prepare(Object target, String name, String methodName, JSONArray arguments, JSONArray undefined)
        throws KitProblem {
        Set<Integer> undefinedAt = new HashSet<>();
        for (int i = 0; undefined != null && i < undefined.length(); i++) {
            undefinedAt.add(undefined.optInt(i, -1));
        }
        int count = arguments == null ? 0 : arguments.length();
        List<Method> candidates = new ArrayList<>();
        for (Method m : target.getClass().getMethods()) {
            if (m.getName().equals(methodName) && m.isAnnotationPresent(JavascriptInterface.class)
                && !Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == count) {
                candidates.add(m);
            }
        }
        String label = name + "." + methodName;
        if (candidates.isEmpty()) {
            throw new KitProblem("the page called " + label + " with " + count + " argument(s), and "
                + target.getClass().getName() + " has no @JavascriptInterface method " + methodName + " with as many "
                + "parameters: on Android the call throws \"Error: Method not found\" in the page, which bridgecheck's "
                + "page cannot do");
        }
        candidates.sort(Comparator.comparing(Method::toGenericString));
        Method method = candidates.get(0);
        method.setAccessible(true);
        Class<?>[] types = method.getParameterTypes();
        Object[] values = new Object[count];
        for (int i = 0; i < count; i++) {
            Object js = undefinedAt.contains(i) ? UNDEFINED : arguments.opt(i);
            values[i] = convert(types[i], js == null ? JSONObject.NULL : js, true);
        }
        return new InterfaceCall(target, label, method, values);
    }

    /**
     * Runs the method on the JavaBridge thread; while it runs, the main thread runs the main looper's messages
     * whenever the JavaBridge thread waits (for one of them, say), as an app's main thread would.
     */
    Object run(JavaBridgeThread javaBridge, KitSession session) throws KitProblem {
        if (method.getReturnType().isArray()) {
            return null;
        }
        Future<Object> future = javaBridge.submit(() -> method.invoke(target, arguments));
        javaBridge.setCalling(true);
        try {
            return result(await(future, javaBridge, session));
        } finally {
            javaBridge.setCalling(false);
        }
    }

    private Object await(Future<Object> future, JavaBridgeThread javaBridge, KitSession session) throws KitProblem {
        Object value;
        while (true) {
            try {
                value = future.get(2, TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException running) {
                Thread thread = javaBridge.thread();
                Thread.State state = thread == null ? Thread.State.RUNNABLE : thread.getState();
                if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING || state == Thread.State.BLOCKED) {
                    session.runOneMainLooperMessage();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new KitProblem("interrupted while " + label + " ran");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause() instanceof InvocationTargetException ? e.getCause().getCause() : e.getCause();
                if (cause instanceof KitError) {
                    throw new KitProblem(cause.getMessage());
                }
                String crash = Crashes.describe(cause, "the page called " + label + " on the JavaBridge thread");
                throw new KitProblem(crash.replace("; on Android an uncaught exception on the main thread ends the app",
                    "; on Android the page's call throws \"Java exception was raised during method invocation\", "
                        + "which bridgecheck's page cannot do"));
            }
        }
        return value;
    }

    private Object result(Object value) throws KitProblem {
        Class<?> type = method.getReturnType();
        if (type == void.class) {
            return null;
        }
        if (type == String.class) {
            return value;
        }
        if (type == boolean.class) {
            return value;
        }
        if (type == char.class) {
            return (int) (Character) value;
        }
        if (type == float.class) {
            return (double) (Float) value;
        }
        if (type.isPrimitive()) {
            return value;
        }
        if (value == null) {
            return JSONObject.NULL;
        }
        throw new KitProblem(label + " returned a " + value.getClass().getName() + ": on Android the page gets a Java object "
            + "it can call, which bridgecheck's host objects cannot return (return a String, a primitive or null)");
    }

    /** A JavaScript value (a JSON value, or UNDEFINED) for a parameter of {@code type}. */
    private static Object convert(Class<?> type, Object js, boolean coerceToString) {
        if (js == UNDEFINED || js == JSONObject.NULL) {
            if (type == String.class) {
                return js == UNDEFINED && coerceToString ? "undefined" : null;
            }
            return zero(type);
        }
        if (js instanceof Number) {
            double d = ((Number) js).doubleValue();
            boolean isInt = d == (int) d && !(d == 0 && 1 / d < 0);
            if (type == String.class) {
                return coerceToString ? (isInt ? Integer.toString((int) d) : JsNumber.format(d)) : null;
            }
            if (type == byte.class) {
                return (byte) (int) d;
            }
            if (type == short.class) {
                return (short) (int) d;
            }
            if (type == char.class) {
                return isInt ? (char) (int) d : (char) 0;
            }
            if (type == int.class) {
                return (int) d;
            }
            if (type == long.class) {
                return (long) d;
            }
            if (type == float.class) {
                return (float) d;
            }
            if (type == double.class) {
                return d;
            }
            return zero(type);
        }
        if (js instanceof Boolean) {
            if (type == boolean.class) {
                return js;
            }
            if (type == String.class) {
                return coerceToString ? js.toString() : null;
            }
            return zero(type);
        }
        if (js instanceof String) {
            if (type == String.class) {
                return js;
            }
            return zero(type);
        }
        // An object or an array.
        if (type == String.class) {
            return coerceToString ? "undefined" : null;
        }
        if (type.isArray()) {
            return array(type.getComponentType(), js);
        }
        return zero(type);
    }

    private static Object array(Class<?> component, Object js) {
        if (!component.isPrimitive() && component != String.class) {
            return null;
        }
        List<Object> items = new ArrayList<>();
        if (js instanceof JSONArray) {
            JSONArray list = (JSONArray) js;
            for (int i = 0; i < list.length(); i++) {
                items.add(list.opt(i));
            }
        } else {
            JSONObject object = (JSONObject) js;
            Object length = object.opt("length");
            if (!(length instanceof Number)) {
                return null;
            }
            double n = ((Number) length).doubleValue();
            if (n < 0 || n != Math.floor(n) || n > Integer.MAX_VALUE) {
                return null;
            }
            for (int i = 0; i < (int) n; i++) {
                Object item = object.opt(Integer.toString(i));
                items.add(item == null ? UNDEFINED : item);
            }
        }
        Object array = Array.newInstance(component, items.size());
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            Array.set(array, i, convert(component, item == null ? JSONObject.NULL : item, false));
        }
        return array;
    }

    private static Object zero(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return (char) 0;
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        if (type == short.class) {
            return (short) 0;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == float.class) {
            return 0f;
        }
        if (type == double.class) {
            return 0d;
        }
        return null;
    }
}
