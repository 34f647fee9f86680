package android.util;

/**
 * The XML attributes of a view in a layout, as a type only: the kit creates views in code, never from a layout,
 * so no attribute set is ever made (pass {@code null} to the constructors that take one).
 */
public interface AttributeSet {
}
