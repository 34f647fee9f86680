package androidx.collection;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * AndroidX's {@code ArrayMap}: a map kept in arrays sorted by the keys' hash codes, so that its iteration order is
 * androidx's too (ascending hash code; keys with the same hash code in the order they were added). Not thread
 * safe, as on Android.
 */
public class ArrayMap<K, V> extends AbstractMap<K, V> {
    private int[] hashes = new int[0];
    private Object[] keys = new Object[0];
    private Object[] values = new Object[0];
    private int size;

    public ArrayMap() {
    }

    public ArrayMap(int capacity) {
        ensureCapacity(capacity);
    }

    public ArrayMap(Map<? extends K, ? extends V> map) {
        putAll(map);
    }

    /** Room for {@code minimumCapacity} entries. */
    public void ensureCapacity(int minimumCapacity) {
        if (hashes.length < minimumCapacity) {
            hashes = Arrays.copyOf(hashes, minimumCapacity);
            keys = Arrays.copyOf(keys, minimumCapacity);
            values = Arrays.copyOf(values, minimumCapacity);
        }
    }

    private int indexOf(Object key, int hash) {
        int lo = 0;
        int hi = size - 1;
        int index = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (hashes[mid] < hash) {
                lo = mid + 1;
            } else if (hashes[mid] > hash) {
                hi = mid - 1;
            } else {
                index = mid;
                break;
            }
        }
        if (index < 0) {
            return ~lo;
        }
        if (Objects.equals(key, keys[index])) {
            return index;
        }
        int end = index + 1;
        for (; end < size && hashes[end] == hash; end++) {
            if (Objects.equals(key, keys[end])) {
                return end;
            }
        }
        for (int i = index - 1; i >= 0 && hashes[i] == hash; i--) {
            if (Objects.equals(key, keys[i])) {
                return i;
            }
        }
        return ~end;
    }

    /** The index of {@code key}, or a negative number. */
    public int indexOfKey(Object key) {
        return indexOf(key, key == null ? 0 : key.hashCode());
    }

    /** The index of the first entry with {@code value}, or -1. */
    public int indexOfValue(Object value) {
        for (int i = 0; i < size; i++) {
            if (Objects.equals(value, values[i])) {
                return i;
            }
        }
        return -1;
    }

    @SuppressWarnings("unchecked")
    public K keyAt(int index) {
        checkIndex(index);
        return (K) keys[index];
    }

    @SuppressWarnings("unchecked")
    public V valueAt(int index) {
        checkIndex(index);
        return (V) values[index];
    }

    @SuppressWarnings("unchecked")
    public V setValueAt(int index, V value) {
        checkIndex(index);
        V old = (V) values[index];
        values[index] = value;
        return old;
    }

    @SuppressWarnings("unchecked")
    public V removeAt(int index) {
        checkIndex(index);
        V old = (V) values[index];
        int tail = size - index - 1;
        System.arraycopy(hashes, index + 1, hashes, index, tail);
        System.arraycopy(keys, index + 1, keys, index, tail);
        System.arraycopy(values, index + 1, values, index, tail);
        size--;
        keys[size] = null;
        values[size] = null;
        return old;
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= size) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOfKey(key) >= 0;
    }

    @Override
    public boolean containsValue(Object value) {
        return indexOfValue(value) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        int index = indexOfKey(key);
        return index >= 0 ? (V) values[index] : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V put(K key, V value) {
        int hash = key == null ? 0 : key.hashCode();
        int index = indexOf(key, hash);
        if (index >= 0) {
            V old = (V) values[index];
            values[index] = value;
            return old;
        }
        index = ~index;
        if (size == hashes.length) {
            ensureCapacity(size < 4 ? 4 : size + (size >> 1));
        }
        int tail = size - index;
        System.arraycopy(hashes, index, hashes, index + 1, tail);
        System.arraycopy(keys, index, keys, index + 1, tail);
        System.arraycopy(values, index, values, index + 1, tail);
        hashes[index] = hash;
        keys[index] = key;
        values[index] = value;
        size++;
        return null;
    }

    @Override
    public V remove(Object key) {
        int index = indexOfKey(key);
        return index >= 0 ? removeAt(index) : null;
    }

    @Override
    public void clear() {
        Arrays.fill(keys, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    /** Whether every element of {@code collection} is a key. */
    public boolean containsAll(java.util.Collection<?> collection) {
        for (Object key : collection) {
            if (!containsKey(key)) {
                return false;
            }
        }
        return true;
    }

    /** Removes every key in {@code collection}; true when the map changed. */
    public boolean removeAll(java.util.Collection<?> collection) {
        int before = size;
        for (Object key : collection) {
            remove(key);
        }
        return before != size;
    }

    /** Keeps only the keys in {@code collection}; true when the map changed. */
    public boolean retainAll(java.util.Collection<?> collection) {
        int before = size;
        for (int i = size - 1; i >= 0; i--) {
            if (!collection.contains(keys[i])) {
                removeAt(i);
            }
        }
        return before != size;
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<Map.Entry<K, V>>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return new Iterator<Map.Entry<K, V>>() {
                    private int next;
                    private int last = -1;
                    private int expected = size;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Map.Entry<K, V> next() {
                        if (expected != size) {
                            throw new ConcurrentModificationException();
                        }
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        last = next++;
                        final int index = last;
                        return new Map.Entry<K, V>() {
                            @Override
                            public K getKey() {
                                return keyAt(index);
                            }

                            @Override
                            public V getValue() {
                                return valueAt(index);
                            }

                            @Override
                            public V setValue(V value) {
                                return setValueAt(index, value);
                            }

                            @Override
                            public boolean equals(Object o) {
                                return o instanceof Map.Entry && Objects.equals(getKey(), ((Map.Entry<?, ?>) o).getKey())
                                    && Objects.equals(getValue(), ((Map.Entry<?, ?>) o).getValue());
                            }

                            @Override
                            public int hashCode() {
                                return Objects.hashCode(getKey()) ^ Objects.hashCode(getValue());
                            }

                            @Override
                            public String toString() {
                                return getKey() + "=" + getValue();
                            }
                        };
                    }

                    @Override
                    public void remove() {
                        if (last < 0) {
                            throw new IllegalStateException();
                        }
                        removeAt(last);
                        next = last;
                        last = -1;
                        expected = size;
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
