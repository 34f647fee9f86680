package androidx.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Overriding methods must call the super method (a Lint hint). */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD})
public @interface CallSuper {
}
