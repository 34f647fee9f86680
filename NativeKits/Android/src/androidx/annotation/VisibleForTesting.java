package androidx.annotation;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** Visible only for tests (a Lint hint). */
@Retention(RetentionPolicy.CLASS)
public @interface VisibleForTesting {
    /** Package-private visibility. */
    int PRIVATE = 2;
    /** Package-private visibility. */
    int PACKAGE_PRIVATE = 3;
    /** Protected visibility. */
    int PROTECTED = 4;
    /** Where the element would be visible if it were not for tests. */
    int otherwise() default PRIVATE;
}
